import { translate } from '@marketlens/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AdmissionGate, OverloadedError } from '../../src/analytics/admission.js';
import { WarehouseCancelledError, type WarehouseEngine } from '../../src/warehouse/engine.js';
import { login, makeUser, postAs } from '../auth/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { withQuery } from '../support/warehouses.js';

/**
 * Load shedding (docs/deployment.md): analysis requests beyond ANALYSIS_CONCURRENCY wait in a queue of
 * ANALYSIS_QUEUE_SIZE for at most ANALYSIS_QUEUE_WAIT_MS; beyond that a 503 `overloaded` with a
 * translated message and Retry-After, while health checks keep answering. The warehouse's queries
 * are held back by the test (not timing luck) to keep the one slot busy.
 */

/** A warehouse whose queries wait while `hold()` is in force; `entered` counts the held ones. */
function holdingWarehouse() {
  let gate: { promise: Promise<void>; open: () => void } | undefined;
  const state = { entered: 0 };
  const wrap = (w: WarehouseEngine): WarehouseEngine =>
    withQuery(w, async (real, ...args) => {
      if (gate) {
        state.entered++;
        await gate.promise;
      }
      return real(...args);
    });
  return {
    wrap,
    state,
    hold() {
      let open!: () => void;
      const promise = new Promise<void>((r) => {
        open = r;
      });
      gate = { promise, open };
    },
    release() {
      gate?.open();
      gate = undefined;
    },
  };
}

async function until(what: string, check: () => boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('analysis load shedding (API)', () => {
  const held = holdingWarehouse();
  let t: TestApp;
  let token: string;
  let project: number;
  const body = () => ({
    data_scope_id: project,
    category: { enable: true, value: [1] },
    date: ['2025-01-01', '2025-06-01'],
  });

  beforeAll(async () => {
    // One request at a time and no queue: the second concurrent analysis request is turned away.
    t = await buildTestApp({
      withData: true,
      wrapWarehouse: held.wrap,
      env: { ANALYSIS_CONCURRENCY: '1', ANALYSIS_QUEUE_SIZE: '0', RATE_LIMIT_PER_IP: '100000' },
    });
    const root = await makeUser(t.ctx, 'o_root', { role: 'root' });
    project = (
      await t.ctx.metadata.projects.create({ name: 'overload', dataset: 'cn_monthly', ownerId: root.id, pages: [4] })
    ).id;
    await t.ctx.metadata.projectCategories.add(project, [1], 'ready');
    token = (await login(t.app, 'o_root')).access_token;
  });
  afterAll(async () => {
    held.release();
    await t?.close();
  });

  it('answers 503 overloaded (translated, Retry-After) beyond the queue, keeps health answering, and recovers', async () => {
    const expected = await postAs(t.app, token, '/summary', body());
    expect(expected.statusCode, expected.body).toBe(200);

    held.hold();
    // Uncached (another period), so the request reaches the warehouse and keeps the only slot.
    const first = postAs(t.app, token, '/summary', { ...body(), date: ['2022-02-01', '2022-04-01'] });
    let settled = '';
    void first.then((r) => {
      settled = `${r.statusCode} ${r.body}`;
    });
    await until('the first request to reach the warehouse', () => held.state.entered > 0 || settled !== '');
    expect(settled).toBe('');

    const en = await postAs(t.app, token, '/top', { ...body(), kind: 'brand' }, 'en_us');
    expect(en.statusCode, en.body).toBe(503);
    expect(en.json()).toEqual({ ok: false, code: 'overloaded', msg: translate('en', 'server.overloaded') });
    expect(Number(en.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const zh = await postAs(t.app, token, '/trends', body());
    expect(zh.statusCode).toBe(503);
    expect(zh.json().msg).toBe(translate('zh-CN', 'server.overloaded'));

    // Health checks are not analysis requests: they answer while the analysis slot is taken.
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode, health.body).toBe(200);
    expect(health.json().data.status).toBe('ok');

    // The admitted request is answered correctly once the warehouse answers, and so is the next one.
    held.release();
    const answered = await first;
    expect(answered.statusCode, answered.body).toBe(200);
    const again = await postAs(t.app, token, '/summary', body());
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(expected.json().data);
  });
});

describe('AdmissionGate', () => {
  const gate = (queueSize: number, queueWaitMs = 60_000) =>
    new AdmissionGate({ concurrency: 1, queueSize, queueWaitMs });
  const latch = () => {
    let open!: () => void;
    const promise = new Promise<void>((r) => {
      open = r;
    });
    return { promise, open };
  };

  it('queues up to its size, admits in order, and turns away beyond it at once', async () => {
    const g = gate(2);
    const order: string[] = [];
    const a = latch();
    const running = g.admit(async () => {
      order.push('a');
      await a.promise;
    });
    const b = g.admit(async () => void order.push('b'));
    const c = g.admit(async () => void order.push('c'));
    expect(g.load).toEqual({ running: 1, waiting: 2 });
    await expect(g.admit(async () => order.push('d'))).rejects.toBeInstanceOf(OverloadedError);
    a.open();
    await Promise.all([running, b, c]);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(g.load).toEqual({ running: 0, waiting: 0 });
  });

  it('turns a waiter away when its wait runs out, and forgets one whose client went away', async () => {
    vi.useFakeTimers();
    try {
      const g = gate(5, 1000);
      const a = latch();
      const running = g.admit(() => a.promise);
      const timedOut = expect(g.admit(async () => 1)).rejects.toBeInstanceOf(OverloadedError);
      await vi.advanceTimersByTimeAsync(1001);
      await timedOut;
      const controller = new AbortController();
      const gone = expect(g.admit(async () => 1, controller.signal)).rejects.toBeInstanceOf(WarehouseCancelledError);
      controller.abort();
      await gone;
      expect(g.load).toEqual({ running: 1, waiting: 0 });
      a.open();
      await running;
      expect(g.load).toEqual({ running: 0, waiting: 0 });
    } finally {
      vi.useRealTimers();
    }
  });
});
