import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { bandsFromCuts, priceQuantiles } from '../../../analytics/engine/dimensions.js';
import { badRequest, notFound } from '../../../errors.js';
import type { Band } from '../../../metadata/index.js';
import { resolveDataGrant } from '../../../permissions/index.js';
import { Envelope, ok } from '../../../schema.js';
import { Body, Nullable, onProject, type ProjectKit } from './shared.js';

/**
 * A band [min, max]; max null = open-ended. Requests accept any numbers so that a negative or
 * reversed band gets the spec §5 message instead of a schema error. The response is a plain
 * two-item array: fast-json-stringify cannot serialise a tuple whose item is a union.
 */
const BandIn = Type.Tuple([Type.Number(), Nullable('number')]);
const BandOut = Type.Array(Nullable('number'), { minItems: 2, maxItems: 2 });
const BandKind = Type.Union([Type.Literal('price'), Type.Literal('weight')]);
const BandsView = Type.Object({ category_id: Type.Integer(), kind: Type.String(), bands: Type.Array(BandOut) });

/**
 * Checks bands (spec §5 range rules): no negative numbers, a band's first value not above its
 * second, bands in increasing order without overlap, only the last one open-ended. Returns the
 * message key of the first problem.
 */
export function bandProblem(
  bands: readonly Band[],
): 'validation.range.negative' | 'validation.range.order' | 'projects.bandsInvalid' | undefined {
  if (bands.some(([min, max]) => min < 0 || (max !== null && max < 0))) return 'validation.range.negative';
  if (bands.some(([min, max]) => max !== null && min > max)) return 'validation.range.order';
  let prev = 0;
  for (const [i, [min, max]] of bands.entries()) {
    if (min < prev) return 'projects.bandsInvalid';
    if (max === null && i !== bands.length - 1) return 'projects.bandsInvalid';
    if (max !== null) prev = max;
  }
  return undefined;
}

/** Price and weight bands of a project's categories. */
export function projectBandRoutes(kit: ProjectKit): FastifyPluginAsyncTypebox {
  const { metadata, warehouse } = kit.ctx;

  return async (app) => {
    app.post(
      '/projects/:id/categories/bands',
      onProject('member', ['id'], 'Price bands of categories', {
        body: Body({
          category_ids: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }), { maxItems: 10_000 })),
          kind: Type.Optional(BandKind),
        }),
        response: { 200: Envelope(Type.Object({ items: Type.Array(BandsView) })) },
      }),
      async (req) => {
        const { project } = req.scope!;
        const kind = req.body.kind ?? 'price';
        // Only bands of categories the user may see.
        const grant = await resolveDataGrant(metadata, req.user!, project);
        const allowed = new Set(grant.categories);
        const all = await metadata.bands.list(project.id, kind);
        const wanted = req.body.category_ids ? new Set(req.body.category_ids) : undefined;
        const items = [...all.entries()]
          .filter(([id]) => allowed.has(id) && (!wanted || wanted.has(id)))
          .map(([category_id, bands]) => ({ category_id, kind, bands }));
        return ok({ items });
      },
    );

    app.put(
      '/projects/:id/categories/bands',
      onProject('manage', ['id'], 'Set the price bands of a category', {
        body: Body({
          category_id: Type.Integer({ minimum: 0 }),
          kind: Type.Optional(BandKind),
          bands: Type.Array(BandIn, { minItems: 1, maxItems: 50 }),
        }),
        response: { 200: Envelope(BandsView) },
      }),
      async (req) => {
        const { project } = req.scope!;
        const kind = req.body.kind ?? 'price';
        const bands = req.body.bands as Band[];
        const problem = bandProblem(bands);
        if (problem) throw badRequest(problem);
        const ids = new Set(await metadata.projectCategories.ids(project.id));
        if (!ids.has(req.body.category_id)) throw notFound('projects.categoryNotFound');
        await metadata.bands.set(project.id, req.body.category_id, kind, bands);
        await kit.audit(req, 'project.bands_update', project.id, { category_id: req.body.category_id, kind });
        return ok({ category_id: req.body.category_id, kind, bands });
      },
    );

    app.post(
      '/projects/:id/categories/calculate_bands',
      onProject('manage', ['id'], 'Propose price bands of a category from its prices', {
        body: Body({
          category_id: Type.Integer({ minimum: 0 }),
          count: Type.Optional(Type.Integer({ minimum: 2, maximum: 10 })),
        }),
        response: { 200: Envelope(BandsView) },
      }),
      async (req) => {
        const { project } = req.scope!;
        kit.assertDataset(project.dataset);
        const n = req.body.count ?? 5;
        const qs = Array.from({ length: n - 1 }, (_, i) => (i + 1) / n);
        // Quantiles of the real price distribution of the category's products.
        const edges = await priceQuantiles(warehouse, project.dataset, { categories: [req.body.category_id] }, qs);
        if (!edges) throw notFound('projects.noPriceData');
        return ok({ category_id: req.body.category_id, kind: 'price', bands: bandsFromCuts(edges) });
      },
    );
  };
}
