/**
 * The web half of the route table, derived from the page list (pages.ts): for every route NAME of
 * @marketlens/shared's ROUTES (paths, auth lists, page ids), its page's declaration (screen chunk,
 * first view). The router is built from ROUTES + this map; test/guards.test.ts checks that both list the
 * same names, so a route without a declaration, or a declaration without a route, fails there.
 */
import type { PageDeclaration } from '../shared/route.js';
import { PAGES } from './pages.js';

export type Screen = PageDeclaration;

export const SCREENS: Readonly<Record<string, Screen>> = Object.assign({}, ...PAGES);
