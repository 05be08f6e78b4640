import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import SessionsPage, { type SessionGroup } from '../src/features/personal-center/SessionsPage.js';
import { summarizeUserAgent } from '../src/features/personal-center/userAgent.js';
import { setLocale } from '../src/shared/i18n/index.js';
import { formatDate } from '../src/shared/ui/dates.js';
import { calls, ok, renderInProviders, server, setUpApiTests } from './support/harness.js';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const EDGE = `${CHROME} Edg/126.0.2592.87`;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const session = (id: string, over: Partial<SessionGroup> = {}): SessionGroup => ({
  id,
  app_key: 'marketlens',
  started_at: '2026-03-02T08:00:00.000Z',
  last_used_at: '2026-03-02T09:30:00.000Z',
  expires_at: '2026-03-09T08:00:00.000Z',
  ip: '198.51.100.7',
  user_agent: FIREFOX,
  current: false,
  children: [],
  ...over,
});

const SESSIONS: SessionGroup[] = [
  session('s-here', {
    current: true,
    children: [{ ...session('s-report', { app_key: 'reports', user_agent: FIREFOX }), children: undefined } as never],
  }),
  session('s-desk', { user_agent: CHROME, ip: '203.0.113.9', started_at: '2026-03-01T07:15:00.000Z' }),
];

describe('signed-in sessions in the personal centre', () => {
  setUpApiTests('en');

  it('summarises user agents by browser and system', () => {
    expect(summarizeUserAgent(FIREFOX)).toEqual({ browser: 'Firefox 128', system: 'Linux' });
    expect(summarizeUserAgent(CHROME)).toEqual({ browser: 'Chrome 126', system: 'Windows' });
    expect(summarizeUserAgent(EDGE)).toEqual({ browser: 'Edge 126', system: 'Windows' });
    expect(summarizeUserAgent(IPHONE)).toEqual({ browser: 'Safari 17', system: 'iOS' });
    expect(summarizeUserAgent('curl/8.5.0')).toEqual({ browser: null, system: null });
    expect(summarizeUserAgent(null)).toEqual({ browser: null, system: null });
  });

  it('lists sessions with this browser marked and child apps under their parent; ends one and the others', async () => {
    await setLocale('en');
    let sessions = SESSIONS;
    server.use(
      http.get('*/api/auth/sessions', () => ok({ sessions })),
      http.delete('*/api/auth/sessions/:id', () => {
        sessions = sessions.filter((s) => s.id !== 's-desk');
        return ok({ ended: 1 });
      }),
      http.post('*/api/auth/sessions/others/logout', () => ok({ ended: 1 })),
    );
    const user = userEvent.setup();
    renderInProviders(<SessionsPage />);
    await screen.findByText('Chrome 126 on Windows');
    const rows = screen.getAllByRole('row');
    // Header, this browser, its child app, the desk computer.
    const texts = rows.map((r) => r.textContent ?? '');
    expect(texts).toHaveLength(4);
    expect(texts[1]).toContain('Firefox 128 on Linux');
    expect(texts[1]).toContain('This browser');
    expect(texts[2]).toContain('App: reports');
    expect(texts[2]).not.toContain('This browser');
    expect(texts[3]).toContain('Chrome 126 on Windows');
    expect(texts[3]).toContain('203.0.113.9');
    expect(texts[3]).toContain(formatDate('2026-03-01T07:15:00.000Z', true));
    expect(texts[3]).toContain(formatDate('2026-03-02T09:30:00.000Z', true));
    // This browser's own session has no sign-out button here (that is the sign-out of the app).
    expect(within(rows[1]!).queryByRole('button')).toBeNull();

    await user.click(within(rows[3]!).getByRole('button', { name: 'Sign out' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls.map((c) => c.call)).toContain('DELETE /api/auth/sessions/s-desk'));
    expect(await screen.findByText('Session signed out')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Chrome 126 on Windows')).toBeNull());
    // Only this browser's sessions are left: nothing else to sign out.
    expect(screen.getByTestId('end-other-sessions').closest('button')!.disabled).toBe(true);
  });

  it('signs out other devices after confirmation, in Chinese', async () => {
    await setLocale('zh-CN');
    server.use(
      http.get('*/api/auth/sessions', () => ok({ sessions: SESSIONS })),
      http.post('*/api/auth/sessions/others/logout', () => ok({ ended: 1 })),
    );
    const user = userEvent.setup();
    renderInProviders(<SessionsPage />);
    expect(await screen.findAllByText('Linux 上的 Firefox 128')).toHaveLength(2);
    expect(screen.getByText('Windows 上的 Chrome 126')).toBeTruthy();
    expect(screen.getByText('本浏览器')).toBeTruthy();
    await user.click(screen.getByTestId('end-other-sessions'));
    // The harness has no antd locale: its confirm button says OK in either language.
    await user.click(await screen.findByRole('button', { name: /^(OK|确 ?定)$/ }));
    await waitFor(() => expect(calls.map((c) => c.call)).toContain('POST /api/auth/sessions/others/logout'));
    expect(await screen.findByText('已退出 1 个会话')).toBeTruthy();
  });
});
