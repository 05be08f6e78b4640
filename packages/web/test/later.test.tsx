import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHART_DRAWN_MARK } from '../src/shared/analysis/chartProps.js';
import { LATER_MAX_MS, Later } from '../src/shared/analysis/Later.js';

/**
 * Panels below the fold wait for the page's first chart (in-app navigation to /discover drew its first
 * chart sooner, bench/results/2026-11-28/web.md), but never longer than LATER_MAX_MS.
 */
describe('<Later>', () => {
  beforeEach(() => {
    // Only the fallback timer is faked: the performance observer delivers on its own schedule.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    performance.clearMarks(CHART_DRAWN_MARK);
  });

  it('holds the panels back, keeping their room, until the first chart is drawn', async () => {
    const { container } = render(
      <Later minHeight={480}>
        <p>below the fold</p>
      </Later>,
    );
    expect(screen.queryByText('below the fold')).toBeNull();
    expect((container.firstChild as HTMLElement).style.minHeight).toBe('480px');
    await act(async () => {
      performance.mark(CHART_DRAWN_MARK);
      // The observer reports on a later turn of the event loop (not a timer: those are faked).
      for (let i = 0; i < 20 && !screen.queryByText('below the fold'); i++) await new Promise((r) => setImmediate(r));
    });
    expect(screen.getByText('below the fold')).toBeTruthy();
  });

  it('shows them after LATER_MAX_MS when no chart is drawn', async () => {
    render(
      <Later minHeight={100}>
        <p>below the fold</p>
      </Later>,
    );
    await act(async () => {
      vi.advanceTimersByTime(LATER_MAX_MS - 1);
    });
    expect(screen.queryByText('below the fold')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByText('below the fold')).toBeTruthy();
  });
});
