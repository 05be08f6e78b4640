import { hasDataset, unknownGrantValues } from '../analytics/engine/dimensions.js';
import { badRequest } from '../errors.js';
import type { Project } from '../metadata/index.js';
import type { WarehouseEngine } from '../warehouse/engine.js';

/** How many unknown ids a refusal names before "…". */
const NAMED = 20;

/**
 * Brand and shop grant values must exist in the project's dataset (shops as 'platform,shop_id'
 * selections or bare ids, a selection's platform must be the shop's): an unknown id would
 * silently grant nothing, so it is refused with a 400 naming the unknown ids. Both the project's
 * user management and the account screen's project access save grants through this check.
 */
export async function assertGrantValues(
  warehouse: WarehouseEngine,
  project: Project,
  grants: { brands?: readonly string[]; shops?: readonly string[] },
): Promise<void> {
  const brands = grants.brands ?? [];
  const shops = grants.shops ?? [];
  if (brands.length === 0 && shops.length === 0) return;
  if (!hasDataset(warehouse, project.dataset)) throw badRequest('projects.datasetNotFound');
  for (const [kind, ids, key] of [
    ['brand', brands, 'projects.unknownBrands'],
    ['shop', shops, 'projects.unknownShops'],
  ] as const) {
    if (ids.length === 0) continue;
    const unknown = await unknownGrantValues(warehouse, project.dataset, kind, ids);
    if (unknown.length > 0) {
      const named = unknown.slice(0, NAMED).join(', ');
      throw badRequest(key, { ids: unknown.length > NAMED ? `${named} …` : named });
    }
  }
}
