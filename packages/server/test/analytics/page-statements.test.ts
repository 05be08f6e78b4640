import { afterAll, beforeAll, expect, it } from 'vitest';
import { login, makeUser, postAs } from '../auth/helpers.js';
import { buildTestApp } from '../support/app.js';
import { describeOnEach, recordingInto, warehouseTargets } from '../support/warehouses.js';

/**
 * A page opens its panels at once: a statement two panels need — on ClickHouse, without
 * window sums, the scope's totals that the top-brands and the platform panels both read — is sent
 * once and answers both, with the same figures as panels opened one after another.
 */

const targets = await warehouseTargets();

/** The four Category Insight panels a page opens together. */
const PANELS = [
  { url: '/summary', extra: {} },
  { url: '/top', extra: { kind: 'brand', sort_by: 'sales' } },
  { url: '/trends', extra: { metric: 'sales' } },
  { url: '/distributions', extra: { dimension: 'platform', metric: 'sales' } },
];

async function setup(url: string, name: string) {
  const sent: string[] = [];
  const t = await buildTestApp({ withData: true, env: { WAREHOUSE_URL: url }, wrapWarehouse: recordingInto(sent) });
  const root = await makeUser(t.ctx, `${name}_root`, { role: 'root' });
  const project = (await t.ctx.metadata.projects.create({ name, dataset: 'cn_monthly', ownerId: root.id, pages: [4] }))
    .id;
  await t.ctx.metadata.projectCategories.add(project, [1], 'ready');
  const token = (await login(t.app, `${name}_root`)).access_token;
  return { t, project, token, sent };
}

describeOnEach(targets, 'a page whose panels open at once', (target) => {
  let together: Awaited<ReturnType<typeof setup>>;
  let oneByOne: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    together = await setup(target.url!, 'ps_a');
    oneByOne = await setup(target.url!, 'ps_b');
  });
  afterAll(async () => {
    await together?.t.close();
    await oneByOne?.t.close();
  });

  const filter = (project: number) => ({
    data_scope_id: project,
    category: { enable: true, value: [1] },
    date: ['2025-01-01', '2025-03-01'],
    selector: 'yoy',
  });

  it('sends no statement twice, and answers as panels opened one by one do', async () => {
    // The catalogue is read on first use: not part of the page's statements.
    for (const s of [together, oneByOne]) {
      expect(
        (await postAs(s.t.app, s.token, '/summary', { ...filter(s.project), date: ['2024-01-01', '2024-01-01'] }))
          .statusCode,
      ).toBe(200);
      s.sent.length = 0;
    }
    const atOnce = await Promise.all(
      PANELS.map((p) => postAs(together.t.app, together.token, p.url, { ...filter(together.project), ...p.extra })),
    );
    const inTurn = [];
    for (const p of PANELS)
      inTurn.push(await postAs(oneByOne.t.app, oneByOne.token, p.url, { ...filter(oneByOne.project), ...p.extra }));

    for (const [i, res] of atOnce.entries()) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data, PANELS[i]!.url).toEqual(inTurn[i]!.json().data);
    }
    expect(new Set(together.sent).size).toBe(together.sent.length);
    expect(new Set(together.sent)).toEqual(new Set(oneByOne.sent));
    // Without window sums the top-brands and platform panels share their totals' statements.
    if (target.engine === 'clickhouse') expect(oneByOne.sent.length).toBeGreaterThan(together.sent.length);
  });
});
