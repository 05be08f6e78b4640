import type { AuditEntry } from '@marketlens/shared/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AuditPage from '../src/features/audit/AuditPage.js';
import { DETAIL_CODES, DETAIL_FIELDS, detailLines, readerOffset } from '../src/features/audit/detail.js';
import { auditScreenMessages } from '../src/features/audit/messages.js';
import { auditSearch, parseAuditParams } from '../src/features/audit/params.js';
import { setLocale } from '../src/shared/i18n/index.js';
import { FIRST, renderAdmin } from './admin-harness.js';
import { calls, ok, server, setUpApiTests, userOf } from './support/harness.js';

setUpApiTests('zh-CN');
afterEach(() => setLocale('zh-CN'));

const entry = (id: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2026-11-20T08:30:00.000Z',
  user_id: 1,
  username: 'root',
  ip: '10.0.0.1',
  action: 'project.create',
  target: 'project:3',
  outcome: 'success',
  detail: { name: 'Skin care' },
  ...over,
});

const listCalls = () => calls.filter((c) => c.call === 'GET /api/common/audit');

describe('audit trail screen', () => {
  it('reads its filters from the address, shows actions by their label, and keeps every change in the address', async () => {
    await act(() => setLocale('en'));
    const items = [
      entry(3),
      entry(2, { action: 'auth.login', outcome: 'failure', username: '', user_id: null, target: '', detail: null }),
      entry(1, { action: 'legacy.code', outcome: 'denied' }),
    ];
    server.use(http.get('*/api/common/audit', () => ok({ items, total: 45, page: 1, page_size: 20 })));
    const router = renderAdmin(
      [{ path: '/audit', element: <AuditPage /> }],
      '/audit?actor=roo&action=project.create',
      userOf(1, 'root', 'root'),
    );
    const table = await screen.findByTestId('audit-table', undefined, FIRST);
    await within(table).findAllByText('Project created');
    expect(within(table).getByText('Sign in')).toBeTruthy();
    expect(within(table).getByText('Failure')).toBeTruthy();
    expect(within(table).getByText('Not signed in')).toBeTruthy();
    // A code the labels do not know (older rows) is shown as it is, not hidden.
    expect(within(table).getAllByText('legacy.code').length).toBeGreaterThan(0);
    const first = listCalls()[0]!.query;
    expect(first.get('actor')).toBe('roo');
    expect(first.get('action')).toBe('project.create');
    expect(first.get('locale')).toBe('en_us');
    expect(within(screen.getByTestId('audit-action')).getByTitle('Project created')).toBeTruthy();

    await userEvent.click(within(screen.getByTestId('audit-outcome')).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('Denied'));
    await waitFor(() => expect(router.state.location.search).toContain('outcome=denied'));
    await waitFor(() => expect(listCalls().at(-1)!.query.get('outcome')).toBe('denied'));
    expect(listCalls().at(-1)!.query.get('actor')).toBe('roo');

    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2'));
    await waitFor(() => expect(listCalls().at(-1)!.query.get('page')).toBe('2'));

    // A new filter starts again at the first page.
    const target = within(screen.getByTestId('audit-target')).getByRole('searchbox');
    await userEvent.type(target, 'project:3{Enter}');
    await waitFor(() => expect(router.state.location.search).toContain('target=project%3A3'));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();

    await userEvent.click(screen.getByTestId('audit-reset'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('downloads with the filters of the list (no paging), in Chinese by default', async () => {
    server.use(
      http.get('*/api/common/audit', () => ok({ items: [entry(1)], total: 1, page: 1, page_size: 20 })),
      http.get(
        '*/api/common/audit/downloads',
        () =>
          new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]), {
            headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
          }),
      ),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderAdmin(
      [{ path: '/audit', element: <AuditPage /> }],
      '/audit?outcome=success&page=3&from=2026-11-01T00:00:00.000Z',
      userOf(1, 'root', 'root'),
    );
    const table = await screen.findByTestId('audit-table', undefined, FIRST);
    await within(table).findByText('创建项目');
    await userEvent.click(screen.getByTestId('download-button'));
    await waitFor(() => expect(clicked).toEqual(['审计日志.xlsx']));
    const sent = calls.find((c) => c.call === 'GET /api/common/audit/downloads')!.query;
    expect(Object.fromEntries(sent)).toEqual({
      outcome: 'success',
      from: '2026-11-01T00:00:00.000Z',
      locale: 'zh_cn',
    });
    click.mockRestore();
  });
});

/** The local wall-clock time of an instant, from Date's own fields (not the screen's formatter). */
const local = (iso: string) => {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
};

describe('audit detail: readable fields in the reader time zone, the raw JSON on request', () => {
  it('every field and code the server writes has a label in both languages', () => {
    for (const lang of ['zh-CN', 'en'] as const) {
      const strings = auditScreenMessages[lang] as Record<string, string>;
      for (const f of DETAIL_FIELDS) expect(strings[`auditScreen.field.${f}`], f).toBeTruthy();
      for (const [field, codes] of Object.entries(DETAIL_CODES))
        for (const c of codes) expect(strings[`auditScreen.code.${field}.${c}`], `${field}.${c}`).toBeTruthy();
    }
  });

  it('turns a detail into lines: instants in local time, codes, roles, flags and lists', () => {
    const until = '2026-11-20T23:45:10.000Z';
    expect(
      detailLines({
        until,
        reason: 'locked',
        role: 'admin',
        pending: false,
        fields: ['name', 'pages'],
        odd: { a: 1 },
        x: 'other',
      }),
    ).toEqual([
      { key: 'until', kind: 'text', text: local(until) },
      { key: 'reason', kind: 'code', code: 'locked' },
      { key: 'role', kind: 'role', role: 'admin' },
      { key: 'pending', kind: 'flag', on: false },
      { key: 'fields', kind: 'text', text: 'name, pages' },
      { key: 'odd', kind: 'text', text: '{"a":1}' },
      { key: 'x', kind: 'text', text: 'other' },
    ]);
    // A reason the labels do not know is shown as written.
    expect(detailLines({ reason: 'new_reason' })).toEqual([{ key: 'reason', kind: 'text', text: 'new_reason' }]);
    expect(detailLines(null)).toEqual([]);
    expect(detailLines(7)).toEqual([{ key: 'value', kind: 'text', text: '7' }]);
  });

  it('groups the digits of amounts and counts as every page does, and leaves ids alone', () => {
    const lines = detailLines({ total: 1234567, count: 12000, user_id: 123456 });
    expect(lines).toEqual([
      { key: 'total', kind: 'text', text: '1\u202F234\u202F567' },
      { key: 'count', kind: 'text', text: '12\u202F000' },
      { key: 'user_id', kind: 'text', text: '123456' },
    ]);
    expect(detailLines({ total: 1234.5 })[0]).toEqual({ key: 'total', kind: 'text', text: '1\u202F234.50' });
  });

  it('names the reader UTC offset', () => {
    const at = new Date('2026-11-20T08:30:00.000Z');
    const minutes = -at.getTimezoneOffset();
    const p = (n: number) => String(n).padStart(2, '0');
    const expected = `UTC${minutes < 0 ? '-' : '+'}${p(Math.floor(Math.abs(minutes) / 60))}:${p(Math.abs(minutes) % 60)}`;
    expect(readerOffset(at)).toBe(expected);
  });

  it('the list shows label: value lines (zh-CN) and opens the raw JSON under the row', async () => {
    const until = '2026-11-20T23:45:10.000Z';
    const items = [
      entry(5, { action: 'auth.lockout', detail: { until, lockout: 2, client: 'device' }, target: '' }),
      entry(4, { detail: null }),
    ];
    server.use(http.get('*/api/common/audit', () => ok({ items, total: 2, page: 1, page_size: 20 })));
    renderAdmin([{ path: '/audit', element: <AuditPage /> }], '/audit', userOf(1, 'root', 'root'));
    const table = await screen.findByTestId('audit-table', undefined, FIRST);
    const detail = await within(table).findByTestId('audit-detail');
    expect(detail.textContent).toBe(`锁定至：${local(until)}第几次锁定：2客户端：已知设备`);
    expect(within(table).getAllByText(`时间（${readerOffset()}）`).length).toBeGreaterThan(0);
    expect(within(table).queryByTestId('audit-raw')).toBeNull();
    const toggle = within(table).getByTestId('audit-raw-5');
    expect(toggle.textContent?.replace(/\s/g, '')).toBe('原始JSON');
    await userEvent.click(toggle);
    const raw = await within(table).findByTestId('audit-raw');
    expect(JSON.parse(raw.querySelector('pre')!.textContent!)).toEqual(items[0]!.detail);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(toggle);
    // antd keeps a closed row in the page, hidden.
    await waitFor(() => expect(raw.closest('tr')!.style.display).toBe('none'));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // No detail, nothing to open.
    expect(within(table).queryByTestId('audit-raw-4')).toBeNull();
  });
});

describe('audit filters in the address', () => {
  it('keeps what the server accepts and drops the rest', () => {
    const p = parseAuditParams(
      new URLSearchParams('actor=%20ann%20&action=user.nonsense&outcome=maybe&page=0&page_size=500&target=user:2'),
    );
    expect(p).toEqual({ actor: 'ann', target: 'user:2' });
    const q = parseAuditParams(new URLSearchParams('action=auth.login&outcome=denied&page=4&page_size=50'));
    expect(q).toEqual({ action: 'auth.login', outcome: 'denied', page: 4, page_size: 50 });
    expect(parseAuditParams(auditSearch(q))).toEqual(q);
  });
});
