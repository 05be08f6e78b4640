import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * axe-core's browser build, evaluated in the page: nothing is fetched, and the app's CSP (no inline
 * scripts) does not apply to an evaluation, as it would to an added script tag.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

/** The WCAG 2.1 A and AA rules (the bar: every page without critical or serious violations). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['critical', 'serious']);

/** One line per violation: rule, impact, how many nodes, the first few nodes' selectors and the first one's HTML. */
export function describeViolations(violations: readonly Result[]): string[] {
  return violations.map((v) => {
    const targets = v.nodes
      .slice(0, 3)
      .map((n) => n.target.join(' '))
      .join(' | ');
    return `${v.id} (${v.impact}, ${v.nodes.length}×): ${targets} — ${v.help}; first: ${v.nodes[0]?.html.slice(0, 160)}`;
  });
}

/** The critical and serious WCAG 2.1 A/AA violations of the page as it is drawn now. */
export async function axeViolations(page: Page): Promise<Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run(c: Document, o: object): Promise<AxeResults> } }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    TAGS,
  );
  return results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
}

/**
 * Fails when the page, once it has drawn its data, has any critical or serious WCAG 2.1 A/AA
 * violation; the message lists them (`label` names the page and language).
 */
export async function expectAccessible(page: Page, label: string) {
  const violations = await axeViolations(page);
  expect(describeViolations(violations), `axe violations on ${label}`).toEqual([]);
}

/**
 * Presses Tab until the focused element matches `selector` (keyboard order, as a user moves), and
 * fails when it is not reached within `max` presses.
 */
export async function tabTo(page: Page, selector: string, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) === true, selector)) return;
  }
  throw new Error(`${selector} not reached with ${max} presses of Tab`);
}

/** Whether the focused element draws a focus indicator (an outline or a focus ring shadow). */
export function focusVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return false;
    const style = getComputedStyle(el);
    return (style.outlineStyle !== 'none' && style.outlineWidth !== '0px') || style.boxShadow !== 'none';
  });
}
