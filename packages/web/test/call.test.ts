import { AUDIT_ENDPOINTS, PROJECT_ENDPOINTS } from '@marketlens/shared/endpoints';
import { describe, expect, it, vi } from 'vitest';
import { call, endpointUrl } from '../src/shared/api/call.js';
import { jsonResponse, setUpFetchStubTests } from './support/harness.js';

/** The typed call of a table entry (shared/api/call.ts): address, method, query or body, file answers. */
describe('call(entry, input, opts)', () => {
  setUpFetchStubTests('en');

  const stub = (answer: () => Response) => {
    const seen: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        seen.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
        return answer();
      }),
    );
    return seen;
  };

  it('fills the path parameters and sends a PUT input as the body', async () => {
    const seen = stub(() => jsonResponse(200, { ok: true, data: { items: [] } }));
    await call(PROJECT_ENDPOINTS.updateMember, { pages: [1] }, { params: { p_id: 3, u_id: 'a/b' } });
    expect(seen).toEqual([
      { method: 'PUT', url: '/api/common/projects/3/users/a%2Fb', body: { pages: [1], locale: 'en_us' } },
    ]);
  });

  it('sends a GET input as the query', async () => {
    const seen = stub(() => jsonResponse(200, { ok: true, data: { items: [], total: 0, page: 2, page_size: 5 } }));
    await call(PROJECT_ENDPOINTS.list, { page: 2, page_size: 5 });
    expect(seen).toEqual([
      { method: 'GET', url: '/api/common/projects?page=2&page_size=5&locale=en_us', body: undefined },
    ]);
  });

  it('answers the file of a file entry', async () => {
    const seen = stub(
      () =>
        new Response('x', {
          status: 200,
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': "attachment; filename*=UTF-8''audit.xlsx",
          },
        }),
    );
    const file = await call(AUDIT_ENDPOINTS.download, { actor: 'root' });
    expect(file.fileName).toBe('audit.xlsx');
    expect(seen).toEqual([
      { method: 'GET', url: '/api/common/audit/downloads?actor=root&locale=en_us', body: undefined },
    ]);
  });

  it('refuses a path parameter without a value rather than call a wrong address', async () => {
    const seen = stub(() => jsonResponse(200, { ok: true, data: {} }));
    expect(() => endpointUrl(PROJECT_ENDPOINTS.get)).toThrow(/:id/);
    await expect(call(PROJECT_ENDPOINTS.get, {}, { params: { id: '' } })).rejects.toThrow(/:id/);
    expect(seen).toEqual([]);
  });
});
