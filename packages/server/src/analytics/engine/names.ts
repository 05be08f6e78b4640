import { LruMap } from '../../lru.js';
import type { ParamList } from '../../warehouse/dialect.js';
import type { LoadedDataset, QueryParams, Row, WarehouseEngine } from '../../warehouse/engine.js';
import { MAX_INLINE_LIST } from './dialect.js';
import { type CategoryInfo, channelNamesSql, type NamedDimension, namesByIdSql } from './dimensions.js';
import type { Dimension } from './model.js';
import { displayName, type RawRow } from './shape.js';

/** Display names kept: the brands and shops of a few large datasets (~100 bytes each). */
const NAMES_KEPT = 100_000;
/** Dataset versions whose channel names are kept. */
const CHANNEL_NAME_VERSIONS = 32;

/** A display name in both languages. */
type Label = { zh: string; en: string };

const NONE: Label = { zh: '', en: '' };

const BY_ID = new Set<Dimension>(['brand', 'shop', 'platform', 'sku']);

/**
 * How the namer sends a statement, with the caller's options passed through: the engine's own path
 * (shared in flight, cancellable, timed).
 */
export type ReadStatement<O> = <T extends Row>(
  dataset: LoadedDataset,
  built: { sql: string; params: QueryParams },
  options: O,
) => Promise<T[]>;

/**
 * The key set of one dimension of the rows being named, as a subquery over the sales rows they
 * were grouped from (buildKeysSql), written into the name statement's values.
 */
export type KeySet = (dim: NamedDimension, params: ParamList) => string;

/** What the namer needs of the engine's catalogue of a dataset version. */
export interface NamingCatalog {
  readonly dataset: LoadedDataset;
  readonly categories: ReadonlyMap<number, CategoryInfo>;
}

/**
 * The display names of analysis rows. No statement over sales rows joins a name table: the rows'
 * keys are named afterwards — categories from the catalogue the engine keeps per dataset version,
 * channels from their table read once per version, brands, shops, platforms and product titles by
 * id, kept per version and read only for ids not kept yet. Joined, the names cost DuckDB
 * CPU time in each statement that showed them (DuckDB binds and optimises a prepared
 * statement again at every execution), and ClickHouse builds a join's right side whole
 * (bench/results/2026-11-29/load-summary.md). Only the keys of the rows answered are looked up, so the names
 * follow the data grant as the rows do; a key without a name gets empty names, as the left join gave.
 */
export class RowNamer<O> {
  /** Names by dataset version, dimension and id; null: the id has none. */
  private readonly names = new LruMap<string, Label | null>(NAMES_KEPT);
  /** Every channel's names per dataset version ('platform_id,shop_type' → names). */
  private readonly channels = new LruMap<string, Map<string, Label>>(CHANNEL_NAME_VERSIONS);

  constructor(
    private readonly warehouse: WarehouseEngine,
    private readonly read: ReadStatement<O>,
  ) {}

  /**
   * Sets `labels[i]` of every row for each dimension i whose names are not grouped columns.
   * `keys`: the rows' key sets as subqueries, read instead of the ids when these are too many to list.
   */
  async name(
    catalog: NamingCatalog,
    dims: readonly Dimension[],
    rows: RawRow[],
    options: O,
    keys: KeySet,
  ): Promise<void> {
    if (rows.length === 0) return;
    await Promise.all(
      dims.map(async (dim, i) => {
        if (dim === 'category_1' || dim === 'category_2' || dim === 'category_3') {
          for (const r of rows) {
            const c = catalog.categories.get(Number(r.keys[i]));
            r.labels[i] = c ? displayName(c.name_zh, c.name_en) : NONE;
          }
        } else if (dim === 'channel') {
          const byKey = await this.channelNames(catalog.dataset, options);
          for (const r of rows) r.labels[i] = byKey.get(String(r.keys[i])) ?? NONE;
        } else if (BY_ID.has(dim)) {
          await this.nameById(catalog.dataset, dim as NamedDimension, i, rows, options, keys);
        }
      }),
    );
  }

  private async nameById(
    dataset: LoadedDataset,
    dim: NamedDimension,
    i: number,
    rows: RawRow[],
    options: O,
    keys: KeySet,
  ): Promise<void> {
    const key = (id: number) => `${dataset.manifest.name}@${dataset.version}\u0000${dim}\u0000${id}`;
    const ids = [...new Set(rows.map((r) => Number(r.keys[i])))];
    const missing = ids.filter((id) => this.names.get(key(id)) === undefined);
    if (missing.length) {
      // A few ids are listed; more (every product of a market: 1.7 M at bench scale) are the rows'
      // own key set, a subquery of fixed size: no statement grows with the data (ClickHouse
      // refuses one over max_query_size, and DuckDB binds and plans every listed value).
      const wanted = missing.length <= MAX_INLINE_LIST ? missing : { among: (p: ParamList) => keys(dim, p) };
      const found = await this.read<{ id: number | string; zh: string; en: string }>(
        dataset,
        namesByIdSql(this.warehouse, dataset.manifest.name, dim, wanted),
        options,
      );
      const byId = new Map(found.map((n) => [Number(n.id), displayName(n.zh, n.en)]));
      for (const id of missing) this.names.set(key(id), byId.get(id) ?? null);
    }
    for (const r of rows) r.labels[i] = this.names.get(key(Number(r.keys[i]))) ?? NONE;
  }

  /**
   * Each caller reads with its own options until the names are kept: requests asking at once share
   * the one statement in flight (the engine's `exec`), and one that is cancelled does not fail the
   * others, as a promise kept for all of them would.
   */
  private async channelNames(dataset: LoadedDataset, options: O): Promise<Map<string, Label>> {
    const version = `${dataset.manifest.name}@${dataset.version}`;
    const kept = this.channels.get(version);
    if (kept) return kept;
    const list = await this.read<{ platform_id: number; shop_type: string; zh: string; en: string }>(
      dataset,
      channelNamesSql(this.warehouse, dataset.manifest.name),
      options,
    );
    const names = new Map(list.map((c) => [`${c.platform_id},${c.shop_type}`, displayName(c.zh, c.en)]));
    this.channels.set(version, names);
    return names;
  }
}
