import { type DatasetCoverage, SHOP_SELECTION_SEPARATOR } from '@marketlens/shared';
import { LruMap } from '../../lru.js';
import type { DataGrant } from '../../permissions/index.js';
import { coverageOf, coverageStatsSql } from '../../warehouse/coverage.js';
import type { LoadedDataset, WarehouseEngine } from '../../warehouse/engine.js';
import { type CustomSqlColumnKind, customSqlColumns } from './custom-sql.js';
import { allCategories, type CategoryInfo, type CategoryTree, datasetAttributes } from './dimensions.js';
import type { ResolvedGrant } from './filters.js';

/**
 * The datasets' catalogues and what is derived from them, each kept per dataset version: the
 * category tree, the attributes and custom SQL columns, and users' grants resolved to leaves. The
 * analytics engine reads them (AnalyticsEngine.catalogs); its pipeline keeps none of them itself.
 */

/** Resolved grants kept (the least recently used goes first): one per distinct grant and dataset version. */
const RESOLVED_GRANTS = 2000;

function freezeList<T>(list: T[] | null): readonly T[] | null {
  return list && Object.freeze(list);
}

/** One category of a dataset's tree. */
export type CategoryNode = CategoryInfo;

/** What the engine keeps per dataset version: the category tree and the custom SQL columns. */
export interface DatasetCatalog extends CategoryTree {
  readonly dataset: LoadedDataset;
  readonly children: ReadonlyMap<number | null, readonly CategoryNode[]>;
  readonly attributes: readonly string[];
  readonly customColumns: ReadonlyMap<string, CustomSqlColumnKind>;
  /** The dataset's leaf (level-3) categories in id order. */
  readonly leaves: readonly number[];
  /** Coverage per period: stored at import, or derived from the facts for an older dataset. */
  readonly coverage: DatasetCoverage;
}

export class DatasetCatalogs {
  private readonly catalogs = new Map<string, Promise<DatasetCatalog>>();

  constructor(private readonly warehouse: WarehouseEngine) {}

  dataset(name: string): LoadedDataset | undefined {
    return this.warehouse.datasets().find((d) => d.manifest.name === name);
  }

  /** The dataset's catalogue, read once per dataset version. */
  catalog(name: string): Promise<DatasetCatalog> {
    const dataset = this.dataset(name);
    if (!dataset) return Promise.reject(new Error(`unknown dataset "${name}"`));
    const key = `${name}@${dataset.version}`;
    let hit = this.catalogs.get(key);
    if (!hit) {
      // Old versions are dropped as soon as a new one is read.
      for (const k of this.catalogs.keys()) if (k.startsWith(`${name}@`)) this.catalogs.delete(k);
      hit = this.loadCatalog(dataset);
      hit.catch(() => this.catalogs.delete(key));
      this.catalogs.set(key, hit);
    }
    return hit;
  }

  private async loadCatalog(dataset: LoadedDataset): Promise<DatasetCatalog> {
    const name = dataset.manifest.name;
    const [cats, attrs, coverage] = await Promise.all([
      allCategories(this.warehouse, name),
      datasetAttributes(this.warehouse, name),
      dataset.coverage ?? this.deriveCoverage(dataset),
    ]);
    const categories = new Map(cats.map((c) => [c.category_id, c]));
    const children = new Map<number | null, CategoryNode[]>();
    for (const c of categories.values()) {
      const list = children.get(c.parent_id) ?? [];
      list.push(c);
      children.set(c.parent_id, list);
    }
    const attributes = attrs.map((a) => a.attr_name);
    const leavesOf = (ids: readonly number[]): number[] => {
      const out = new Set<number>();
      const visit = (id: number) => {
        const c = categories.get(id);
        if (!c) return;
        if (c.level === 3) out.add(id);
        else for (const child of children.get(id) ?? []) visit(child.category_id);
      };
      for (const id of ids) visit(Number(id));
      return [...out].sort((a, b) => a - b);
    };
    const leaves = cats
      .filter((c) => c.level === 3)
      .map((c) => Number(c.category_id))
      .sort((a, b) => a - b);
    return {
      dataset,
      categories,
      children,
      attributes,
      customColumns: customSqlColumns(attributes),
      leavesOf,
      leaves,
      coverage,
    };
  }

  /**
   * The coverage of a dataset imported before the importer stored it: the importer's statement over
   * the facts, once per dataset version (the catalogue is kept per version), with the version's
   * import date as the end of its last period.
   */
  private async deriveCoverage(dataset: LoadedDataset): Promise<DatasetCoverage> {
    const facts = this.warehouse.tableName(dataset.manifest.name, 'fact_sales');
    const rows = await this.warehouse.query(coverageStatsSql(this.warehouse.dialect, facts));
    return coverageOf(rows, dataset.manifest.date_field, dataset.loadedAt);
  }

  /**
   * Resolved grants per dataset version and grant. Every analysis request resolves its user's
   * grant, and expanding the categories walks the whole tree for a project over all of them, a hot
   * spot under load; one object per grant also lets the response cache hash it once (cacheKey).
   */
  private readonly resolved = new LruMap<string, Promise<ResolvedGrant>>(RESOLVED_GRANTS);

  /** The permissions module's grant with its categories expanded to leaves (deny by default). */
  resolveGrant(grant: DataGrant): Promise<ResolvedGrant> {
    const dataset = this.dataset(grant.dataset);
    if (!dataset) return this.expandGrant(grant);
    const key = `${grant.dataset}@${dataset.version}\u0000${JSON.stringify([grant.categories, grant.brands, grant.shops])}`;
    let hit = this.resolved.get(key);
    if (!hit) {
      hit = this.expandGrant(grant);
      hit.catch(() => this.resolved.delete(key));
      this.resolved.set(key, hit);
    }
    return hit;
  }

  private async expandGrant(grant: DataGrant): Promise<ResolvedGrant> {
    const catalog = await this.catalog(grant.dataset);
    // Shop grants are selections ('platform,shop_id', docs/product.md §4) or bare ids; the id is the last part.
    const ids = (list: readonly string[] | null) =>
      list === null
        ? null
        : list.map((v) => Number(v.split(SHOP_SELECTION_SEPARATOR).at(-1))).filter((n) => Number.isSafeInteger(n));
    const categories = catalog.leavesOf(grant.categories);
    // leavesOf gives distinct leaves of this catalogue: as many as it has means every one.
    const everyLeaf = categories.length > 0 && categories.length === catalog.leaves.length;
    // Shared by every request with this grant: frozen, so no caller can change another's.
    return Object.freeze({
      categories: Object.freeze(categories),
      ...(everyLeaf ? { everyLeaf } : {}),
      brands: freezeList(ids(grant.brands)),
      shops: freezeList(ids(grant.shops)),
    });
  }
}
