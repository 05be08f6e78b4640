import { act, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useRouteTracking } from '../src/app/layout/useRouteTracking.js';
import { pageTrackingParams } from '../src/shared/tracking.js';
import { calls, ok, renderRoutes, server, setUpApiTests, userOf } from './support/harness.js';

/** Spec §7 tracking: each page view sends the page's filters, dates as the first day of their month. */
setUpApiTests('en');

const tracked = () => calls.filter((c) => c.call === 'POST /api/logs/logs').map((c) => c.body!);

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
