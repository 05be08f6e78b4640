/**
 * The filter panel's category tree: docs/api.md category read (brands_filtering, data_scope_id,
 * locale), docs/api.md "no category data" warning for an empty project or grant, and the "get
 * categories" failure told by the quiet rule (a status other than 500).
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FilterPanel } from '../src/shared/analysis/index.js';
import { setLocale } from '../src/shared/i18n/index.js';
import {
  analysisUser,
  BEAUTY,
  callsTo,
  fail,
  ok,
  referenceHandlers,
  renderAt,
  server,
  setUpApiTests,
} from './support/analysis-harness.js';

setUpApiTests('en');
beforeEach(async () => {
  await setLocale('en');
});

const NO_CATEGORY = {
  en: 'No category data: the project has no categories yet, or none are granted to you. Contact an administrator.',
  'zh-CN': '暂无品类数据：该项目还没有品类，或您尚未获得任何品类的权限，请联系管理员',
};
const panel = (url = '/hot') => renderAt(<FilterPanel sections={['date', 'category', 'brands']} />, url);

describe('category tree of the filter panel', () => {
  it('reads the tree with brands_filtering (the chosen brands), data_scope_id and locale', async () => {
    server.use(...referenceHandlers({ user: analysisUser([1]) }));
    panel('/hot?b=9,3');
    await screen.findByTestId('filter-category');
    await waitFor(() => expect(callsTo('categories', 'POST').length).toBeGreaterThanOrEqual(2));
    const bodies = callsTo('categories', 'POST').map((c) => c.body);
    // The picker's read (the chosen brands) and the whole grant's (what the warning and the gate use).
    expect(bodies).toContainEqual({ data_scope_id: 1, brands_filtering: [3, 9], locale: 'en_us' });
    expect(bodies).toContainEqual({ data_scope_id: 1, brands_filtering: [], locale: 'en_us' });
    expect(screen.queryByTestId('no-category-data')).toBeNull();
  });

  it.each(['en', 'zh-CN'] as const)('warns "no category data" (%s) when the grant holds no category', async (lang) => {
    await setLocale(lang);
    server.use(...referenceHandlers({ user: analysisUser([1]), categories: [] }));
    panel();
    expect((await screen.findByTestId('no-category-data')).textContent).toBe(NO_CATEGORY[lang]);
  });

  it('a brand-narrowed tree that is empty is no "no category data"', async () => {
    server.use(
      http.post('*/api/common/categories', async ({ request }) => {
        const body = (await request.clone().json()) as { brands_filtering: number[] };
        return ok({ items: body.brands_filtering.length ? [] : [BEAUTY] });
      }),
      ...referenceHandlers({ user: analysisUser([1]) }),
    );
    panel('/hot?b=9');
    await screen.findByTestId('filter-category');
    await waitFor(() => expect(callsTo('categories', 'POST').length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByTestId('no-category-data')).toBeNull();
  });

  it('tells a failed read with a status (403), not a 500 — and neither as an HTTP toast', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(
      http.post('*/api/common/categories', () => fail(403, 'refused')),
      ...referenceHandlers({ user: analysisUser([1]) }),
    );
    panel();
    expect((await screen.findByTestId('categories-failed')).textContent).toBe(
      'Failed to get the categories, please try again later',
    );
    expect(screen.queryByText('Forbidden')).toBeNull();
    cleanup();

    server.use(http.post('*/api/common/categories', () => fail(500, 'boom')));
    panel();
    await screen.findByTestId('filter-category');
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('categories: 500')));
    expect(screen.queryByTestId('categories-failed')).toBeNull();
    expect(screen.queryByText('boom')).toBeNull();
    warn.mockRestore();
  });
});
