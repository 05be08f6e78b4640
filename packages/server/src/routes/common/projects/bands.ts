import { bandsFromCuts, priceQuantiles } from '../../../analytics/engine/dimensions.js';
import { badRequest, notFound } from '../../../errors.js';
import type { Band } from '../../../metadata/index.js';
import { resolveDataGrant } from '../../../permissions/index.js';
import type { ProjectHandlers, ProjectKit } from './shared.js';

/**
 * Checks bands (docs/product.md §5 range rules): no negative numbers, a band's first value not above its
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
export function projectBandHandlers(kit: ProjectKit) {
  const { metadata, warehouse } = kit.ctx;

  return {
    bands: async (req) => {
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
      return { items };
    },
    setBands: async (req) => {
      const { project } = req.scope!;
      const kind = req.body.kind ?? 'price';
      const bands = req.body.bands as Band[];
      const problem = bandProblem(bands);
      if (problem) throw badRequest(problem);
      const ids = new Set(await metadata.projectCategories.ids(project.id));
      if (!ids.has(req.body.category_id)) throw notFound('projects.categoryNotFound');
      await metadata.bands.set(project.id, req.body.category_id, kind, bands);
      await kit.audit(req, 'project.bands_update', project.id, { category_id: req.body.category_id, kind });
      return { category_id: req.body.category_id, kind, bands };
    },
    calculateBands: async (req) => {
      const { project } = req.scope!;
      kit.assertDataset(project.dataset);
      const n = req.body.count ?? 5;
      const qs = Array.from({ length: n - 1 }, (_, i) => (i + 1) / n);
      // Quantiles of the real price distribution of the category's products.
      const edges = await priceQuantiles(warehouse, project.dataset, { categories: [req.body.category_id] }, qs);
      if (!edges) throw notFound('projects.noPriceData');
      return { category_id: req.body.category_id, kind: 'price', bands: bandsFromCuts(edges) };
    },
  } satisfies Partial<ProjectHandlers>;
}
