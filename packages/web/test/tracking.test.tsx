import { act, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useRouteTracking } from '../src/app/layout/useRouteTracking.js';
import { downloadFile } from '../src/shared/api/download.js';
import { api } from '../src/shared/api/request.js';
import { pageTrackingParams } from '../src/shared/tracking.js';
import { calls, ok, renderRoutes, server, setUpApiTests, userOf } from './support/harness.js';

/** docs/product.md §7 tracking: each page view sends the page's filters, dates as the first day of their month. */
setUpApiTests('en');

const events = (type: string) =>
  calls.filter((c) => c.call === 'POST /api/logs/logs' && c.body?.type === type).map((c) => c.body!);
const tracked = () => events('route');

function Tracked() {
  useRouteTracking(7, 'Discover');
  return null;
}

describe('tracking: request_params', () => {
  it("carries an analysis page's applied filters with month-start dates, and its address", () => {
    const search = '?t=2025-01-15,2025-03-31&vs=custom&bt=2024-01-20,2024-03-02&c=101,4&kw=口红&b=7';
    expect(pageTrackingParams('/discover', search)).toEqual({
      data: {
        date: ['2025-01-01', '2025-03-01'],
        dateBefore: ['2024-01-01', '2024-03-01'],
        selector: 'custom',
        category: { enable: true, value: [101, 4] },
        brands: [7],
        goodsKeywords: { enable: true, input_type: 'keyword', condition_type: 'AND', value: ['口红'] },
      },
      url: `/discover${search}`,
    });
    // The default period is not in the URL (it follows the data): no date is made up.
    expect(pageTrackingParams('/hot', '')).toEqual({ data: { selector: 'mom' }, url: '/hot' });
    // Pages without filters send none.
    expect(pageTrackingParams('/projects', '?page=2')).toEqual({ data: {} });
  });

  it('sends one event per page view and per applied filter, each with its filters', async () => {
    server.use(
      http.get('*/api/auth/user', () => ok({ user: userOf(7, 'tracked', 'general') })),
      http.post('*/api/logs/logs', () => ok({ track_id: '1234567812345678' })),
    );
    const router = renderRoutes([{ path: '*', element: <Tracked /> }], '/discover?t=2025-02-03,2025-04-28&c=101');
    await waitFor(() => expect(tracked()).toHaveLength(1));
    expect(tracked()[0]).toMatchObject({
      route: 'Discover',
      request_params: {
        data: { date: ['2025-02-01', '2025-04-01'], category: { enable: true, value: [101] }, selector: 'mom' },
        url: '/discover?t=2025-02-03,2025-04-28&c=101',
      },
    });
    // A page param that is not the filter (a tab) is not a new page view…
    await act(() => router.navigate('/discover?t=2025-02-03,2025-04-28&c=101&tab=2'));
    // …a newly applied filter is.
    await act(() => router.navigate('/discover?t=2025-02-03,2025-04-28&c=4&tab=2'));
    await waitFor(() => expect(tracked()).toHaveLength(2));
    expect(tracked()[1]).toMatchObject({
      request_params: {
        data: { category: { enable: true, value: [4] } },
        url: '/discover?t=2025-02-03,2025-04-28&c=4&tab=2',
      },
      last_track_id: '1234567812345678',
    });
  });
});

describe('tracking: API calls, downloads and failures', () => {
  it('sends one event per call with its real status, method, type, credentials and month-start dates', async () => {
    server.use(
      http.get('*/api/auth/user', () => ok({ user: userOf(7, 'tracked', 'general') })),
      http.post('*/api/logs/logs', () => ok({ track_id: '1234567812345678' })),
      http.post('*/api/common/summary', () =>
        HttpResponse.json({ ok: false, code: 500, msg: 'boom' }, { status: 500 }),
      ),
      http.post('*/api/common/top/downloads', () =>
        HttpResponse.json({ ok: false, code: 'download_empty', msg: 'empty' }, { status: 400 }),
      ),
      http.get('*/api/common/brands', () => ok({ items: [] })),
    );
    renderRoutes([{ path: '*', element: <Tracked /> }], '/discover');
    await waitFor(() => expect(tracked()).toHaveLength(1));
    await api
      .post('/api/common/summary', { date: ['2025-02-03', '2025-04-28'], data_scope_id: 1 }, { silent: true })
      .catch(() => undefined);
    await downloadFile('/api/common/top/downloads', { data_scope_id: 1 }).catch(() => undefined);
    await api.get('/api/common/brands', { q: 'a' });
    await waitFor(() => expect(events('api').length + events('download').length).toBeGreaterThanOrEqual(3));
    const summary = events('api').find((e) => String(e.full_url).endsWith('/api/common/summary'));
    expect(summary).toMatchObject({
      route: 'Discover',
      method: 'POST',
      response_status: 500,
      credentials: 'same-origin',
      request_params: { data: { date: ['2025-02-01', '2025-04-01'], data_scope_id: 1 }, url: '/discover' },
    });
    expect(events('download')[0]).toMatchObject({ method: 'POST', response_status: 400, type: 'download' });
    const brands = events('api').find((e) => String(e.full_url).includes('/api/common/brands'));
    expect(brands).toMatchObject({ method: 'GET', response_status: 200 });
    expect(String(brands!.full_url)).toMatch(/\/api\/common\/brands\?q=a/);
    // The tracking calls themselves are never tracked.
    expect(
      calls.filter((c) => c.call === 'POST /api/logs/logs').every((c) => !String(c.body?.full_url).includes('/logs')),
    ).toBe(true);
  });
});
