// Types of web-first-view.mjs for the guard test (e2e/web-budget.e2e.test.ts).
import type { Browser, BrowserContext } from 'playwright-core';

export interface BudgetPage {
  name: string;
  path: string;
  class: string;
  signedIn?: boolean;
}
export interface BudgetRow {
  name: string;
  class: string;
  path: string;
  scripts: string[];
  kb: number;
  budgetKb: number;
  ok: boolean;
}
export type Tokens = [access: string, refresh: string];

export const dist: string;
export const budget: { budgetsKb: Record<string, number>; pages: BudgetPage[] };
export const CONTEXT: { viewport: { width: number; height: number }; locale: string };
export function gzKb(file: string): number;
export function brKb(file: string): number;
export function sumKb(files: string[], size?: (file: string) => number): number;
export function shellFiles(): string[];
export function signInTokens(url: string, username: string, password: string): Promise<Tokens>;
export function addTokens(context: BrowserContext, tokens: Tokens): Promise<void>;
export function firstView(
  browser: Browser,
  url: string,
  tokens?: Tokens,
): Promise<{ scripts: string[]; path: string; failed: boolean }>;
export function measureBudget(
  browser: Browser,
  url: string,
  tokens: Tokens,
  options?: { only?: (page: BudgetPage) => boolean },
): Promise<BudgetRow[]>;
export function budgetTable(rows: BudgetRow[]): string[];
