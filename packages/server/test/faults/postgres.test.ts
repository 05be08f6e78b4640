import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translateFor } from '../../src/i18n.js';
import { openMetadata } from '../../src/metadata/index.js';
import { bearer, login, makeUser, postAs } from '../auth/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { type Answer, describeOutcomes, envelope, type Outcome, startLoad } from '../support/load.js';
import { startPrivatePostgres, waitFor } from '../support/services.js';

/**
 * The metadata database (PostgreSQL) goes away under load and comes back (docs/deployment.md §7): requests
 * during the outage get a translated 503 metadata_unavailable at once — never a 500, never a hang —
 * the server recovers by itself, and what was written before the outage is still there.
 */
const pg = await startPrivatePostgres();

// The pool's limits, short so the frozen-database case stays fast; the request deadline is well above.
const CONNECT_TIMEOUT_MS = 2_000;
const QUERY_TIMEOUT_MS = 3_000;
const DEADLINE_MS = 15_000;

describe.skipIf(!pg)('PostgreSQL outage under load', () => {
  const db = pg!;
  let t: TestApp;
  let project: number;
  let member: string;
  let favourite: number;

  beforeAll(async () => {
    t = await buildTestApp({
      withData: true,
      env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USERNAME: '100000' },
      store: {
        name: 'postgres',
        create: async () => ({
          url: db.url,
          open: (opts) =>
            openMetadata(db.url, {
              ...opts,
              connectTimeoutMs: CONNECT_TIMEOUT_MS,
              queryTimeoutMs: QUERY_TIMEOUT_MS,
            }),
          drop: async () => {},
        }),
      },
    });
    const root = await makeUser(t.ctx, 'pgf_root', { role: 'root' });
    const m = await makeUser(t.ctx, 'pgf_member', { role: 'general' });
    const { metadata } = t.ctx;
    project = (await metadata.projects.create({ name: 'outage', dataset: 'cn_monthly', ownerId: root.id, pages: [4] }))
      .id;
    await metadata.projectCategories.add(project, [1, 4], 'ready');
    await metadata.members.add({ projectId: project, userId: m.id, role: 'general', pages: [4] });
    member = (await login(t.app, 'pgf_member')).access_token;
    // Written through the API before any outage; must survive it.
    const added = await postAs(t.app, member, '/collections', { kind: 'brand', ref: 'before-outage', title: '前' });
    expect(added.statusCode, added.body).toBe(200);
    favourite = added.json().data.item.id;
  });
  afterAll(async () => {
    db.resume();
    await t?.close();
    await db.destroy();
  });

  const LOCALES = ['zh_cn', 'en_us'] as const;
  // An analysis request: sign-in check and project grant from the metadata store, figures from the
  // warehouse. Months vary so the response cache does not answer everything.
  const summary = async (n: number): Promise<Answer> => {
    const locale = LOCALES[n % 2]!;
    const month = String((n % 6) + 1).padStart(2, '0');
    const res = await postAs(
      t.app,
      member,
      '/summary',
      { data_scope_id: project, category: { enable: true, value: [1] }, date: ['2025-01-01', `2025-${month}-01`] },
      locale,
    );
    return { ...envelope(res.statusCode, res.body), locale };
  };
  const expected = (o: { locale?: string }) =>
    translateFor(o.locale === 'en_us' ? 'en_us' : 'zh_cn')('server.metadataUnavailable');

  /** Every outcome is a 200 or a translated 503 metadata_unavailable; nothing else, nothing hangs. */
  function onlyOkOrUnavailable(outcomes: Outcome[]) {
    const bad = outcomes.filter(
      (o) =>
        o.result !== 'answer' ||
        !(o.status === 200 || (o.status === 503 && o.code === 'metadata_unavailable' && o.msg === expected(o))),
    );
    expect(bad, describeOutcomes(outcomes)).toEqual([]);
  }

  async function expectRecovery(load: ReturnType<typeof startLoad>, backAt: number) {
    // Recovery by itself: no restart of the app, only the pool reconnecting.
    await waitFor('a 200 after the database came back', async () => load.since(backAt).some((o) => o.status === 200));
    const firstOk = load.since(backAt).find((o) => o.status === 200)!;
    expect(firstOk.doneAt - backAt).toBeLessThan(30_000);
    // Once one request succeeds, the pool is healthy: the next ones do too.
    const settled = Date.now();
    await waitFor('four more 200s', async () => load.since(settled).filter((o) => o.status === 200).length >= 4);
    expect(load.since(settled).filter((o) => o.status !== 200)).toEqual([]);
  }

  it('stopped and restarted: 503 with a translated message during the outage, recovery, no data lost', async () => {
    const load = startLoad(summary, { concurrency: 4, deadlineMs: DEADLINE_MS });
    try {
      await waitFor('ten answers before the outage', async () => load.outcomes.length >= 10);
      expect(
        load.outcomes.every((o) => o.status === 200),
        describeOutcomes(load.outcomes),
      ).toBe(true);

      await db.stop();
      const down = Date.now();
      await waitFor('six answers during the outage', async () => load.since(down).length >= 6);
      const during = load.since(down);
      // The database is gone: every request sent now fails fast and cleanly, in its own language.
      expect(
        during.every((o) => o.status === 503),
        describeOutcomes(during),
      ).toBe(true);
      expect(new Set(during.map((o) => o.msg))).toEqual(
        new Set([expected({ locale: 'zh_cn' }), expected({ locale: 'en_us' })]),
      );
      // Refused connections are answered promptly, not held until the request deadline (slack for busy CI cores).
      expect(Math.max(...during.map((o) => o.doneAt - o.sentAt))).toBeLessThan(DEADLINE_MS / 2);

      await db.start();
      await expectRecovery(load, Date.now());
    } finally {
      await load.stop();
      await db.start(); // for the next test, should this one fail during the outage
    }
    onlyOkOrUnavailable(load.outcomes);

    // Written before the outage, still there; and writing works again.
    const list = await t.app.inject({ url: '/api/common/collections', headers: bearer(member) });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.items.map((i: { id: number }) => i.id)).toContain(favourite);
    const after = await postAs(t.app, member, '/collections', { kind: 'brand', ref: 'after-outage' });
    expect(after.statusCode, after.body).toBe(200);
  });

  it('frozen (connections hang): requests end with 503 within the pool limits instead of hanging', async () => {
    const load = startLoad(summary, { concurrency: 4, deadlineMs: DEADLINE_MS });
    try {
      await waitFor('answers before the freeze', async () => load.outcomes.length >= 4);
      db.pause();
      const frozen = Date.now();
      await waitFor(
        'four answers to requests sent during the freeze',
        async () => load.since(frozen).length >= 4,
        DEADLINE_MS * 2,
      );
      const during = load.since(frozen);
      expect(
        during.every((o) => o.status === 503 && o.code === 'metadata_unavailable'),
        describeOutcomes(during),
      ).toBe(true);
      db.resume();
      await expectRecovery(load, Date.now());
    } finally {
      db.resume();
      await load.stop();
    }
    onlyOkOrUnavailable(load.outcomes);
  });
});
