import type { Kysely } from 'kysely';
import {
  containsIgnoreCase,
  fromBool,
  type Page,
  type PageQuery,
  pageBounds,
  parseJson,
  toBool,
  toCount,
  toJson,
} from '../codec.js';
import { inTransaction, type RepoContext } from '../db.js';
import { rethrowConflict } from '../errors.js';
import { remembered } from '../remember.js';
import type { DateField, MetadataDatabase, ProjectRow, ProjectRowUpdate, ProjectStatus } from '../schema.js';
import { settingsScope } from './settings.js';

/** A project (data scope) as the rest of the server sees it. */
export interface Project {
  id: number;
  name: string;
  ownerId: number | null;
  /** Warehouse dataset name. */
  dataset: string;
  currencyUnit: string;
  curSymbol: string;
  dateField: DateField;
  hasSeries: boolean;
  seriesName: string;
  seriesNameEn: string;
  hideKeywords: boolean;
  discountPrice: boolean;
  limitBrands: boolean;
  limitShops: boolean;
  /** Route ids (1..9) the project offers. */
  pages: number[];
  status: ProjectStatus;
  createdAt: string;
  updatedAt: string;
}

export interface NewProject {
  name: string;
  dataset: string;
  ownerId?: number | null;
  currencyUnit?: string;
  curSymbol?: string;
  dateField?: DateField;
  hasSeries?: boolean;
  seriesName?: string;
  seriesNameEn?: string;
  hideKeywords?: boolean;
  discountPrice?: boolean;
  limitBrands?: boolean;
  limitShops?: boolean;
  /** Default: no pages (deny by default); the administrator picks them. */
  pages?: readonly number[];
  status?: ProjectStatus;
}

export type ProjectPatch = Partial<Omit<NewProject, 'pages'>> & { pages?: readonly number[] };

export interface ProjectListQuery extends PageQuery {
  /** Contains, ignoring case, in the name. */
  search?: string;
  status?: ProjectStatus;
  ownerId?: number;
  ids?: readonly number[];
}

/** Sorted, de-duplicated route ids, so stored page lists compare equal. */
export function normalizePages(pages: readonly number[]): number[] {
  return [...new Set(pages)].sort((a, b) => a - b);
}

function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    name: row.name,
    ownerId: row.owner_id,
    dataset: row.dataset,
    currencyUnit: row.currency_unit,
    curSymbol: row.cur_symbol,
    dateField: row.date_field,
    hasSeries: toBool(row.has_series),
    seriesName: row.series_name,
    seriesNameEn: row.series_name_en,
    hideKeywords: toBool(row.hide_keywords),
    discountPrice: toBool(row.discount_price),
    limitBrands: toBool(row.limit_brands),
    limitShops: toBool(row.limit_shops),
    pages: parseJson<number[]>(row.pages, []),
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toRowUpdate(patch: ProjectPatch): ProjectRowUpdate {
  const row: ProjectRowUpdate = {};
  if (patch.name !== undefined) row.name = patch.name;
  if (patch.dataset !== undefined) row.dataset = patch.dataset;
  if (patch.ownerId !== undefined) row.owner_id = patch.ownerId;
  if (patch.currencyUnit !== undefined) row.currency_unit = patch.currencyUnit;
  if (patch.curSymbol !== undefined) row.cur_symbol = patch.curSymbol;
  if (patch.dateField !== undefined) row.date_field = patch.dateField;
  if (patch.hasSeries !== undefined) row.has_series = fromBool(patch.hasSeries);
  if (patch.seriesName !== undefined) row.series_name = patch.seriesName;
  if (patch.seriesNameEn !== undefined) row.series_name_en = patch.seriesNameEn;
  if (patch.hideKeywords !== undefined) row.hide_keywords = fromBool(patch.hideKeywords);
  if (patch.discountPrice !== undefined) row.discount_price = fromBool(patch.discountPrice);
  if (patch.limitBrands !== undefined) row.limit_brands = fromBool(patch.limitBrands);
  if (patch.limitShops !== undefined) row.limit_shops = fromBool(patch.limitShops);
  if (patch.pages !== undefined) row.pages = toJson(normalizePages(patch.pages));
  if (patch.status !== undefined) row.status = patch.status;
  return row;
}

/** Ids of a dataset in use by its projects, each with the names of the projects using it. */
export interface DatasetIdsInUse {
  categories: Map<number, string[]>;
  brands: Map<number, string[]>;
  /** Keyed by the grant value: 'platform,shop_id' or a bare shop id. */
  shops: Map<string, string[]>;
}

/** What ties a project to the ids of its dataset: its categories and its members' grants. */
export interface DatasetTies {
  categories: number;
  /** Category, brand and shop grants of all members. */
  grants: number;
}

/**
 * A project's dataset cannot change under its categories and grants: they are category, brand and
 * shop ids of that dataset, which mean other things, or nothing, in another one. Removing them
 * first is the administrator's decision to make, not a side effect of an edit.
 */
export class DatasetInUseError extends Error {
  override readonly name = 'DatasetInUseError';
  constructor(readonly ties: DatasetTies) {
    super(`the project has ${ties.categories} categories and ${ties.grants} grants of its dataset`);
  }
}

async function datasetTies(db: Kysely<MetadataDatabase>, projectId: number): Promise<DatasetTies> {
  const count = async (table: 'project_categories' | 'grants') => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    return toCount(row.n);
  };
  return { categories: await count('project_categories'), grants: await count('grants') };
}

/** What hangs off a project, counted: all of it goes when the project is deleted. */
export interface ProjectTies {
  members: number;
  grants: number;
  /** Members whose saved per-project settings are not empty. */
  savedConfigs: number;
  categories: number;
  attributes: number;
  bands: number;
  customAttributes: number;
  favoriteBrands: number;
  collections: number;
  /** The project's own events (the dataset's calendar is not the project's). */
  events: number;
  /** Notes on its charts and its members' saved views. */
  notes: number;
  views: number;
}

const TIED_TABLES = [
  'project_members',
  'grants',
  'project_categories',
  'project_attributes',
  'category_bands',
  'custom_attributes',
  'favorite_brands',
  'collections',
  'project_events',
  'chart_notes',
  'saved_views',
] as const;

export class ProjectsRepository {
  constructor(private readonly ctx: RepoContext) {}

  private get db(): Kysely<MetadataDatabase> {
    return this.ctx.db;
  }

  /** @throws ConflictError with field 'name' ('the project already exists') */
  async create(input: NewProject): Promise<Project> {
    const now = this.ctx.now();
    try {
      const row = await this.db
        .insertInto('projects')
        .values({
          ...toRowUpdate(input),
          name: input.name,
          dataset: input.dataset,
          pages: toJson(normalizePages(input.pages ?? [])),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toProject(row);
    } catch (err) {
      rethrowConflict(err, 'project', { name: 'name' });
    }
  }

  /** Remembered while the store is unchanged: every project request reads it (metadata/remember.ts). */
  async getById(id: number): Promise<Project | undefined> {
    const row = await remembered(this.ctx.remember, `projects:${id}`, () =>
      this.db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst(),
    );
    return row && toProject(row);
  }

  async getByName(name: string): Promise<Project | undefined> {
    const row = await this.db.selectFrom('projects').selectAll().where('name', '=', name).executeTakeFirst();
    return row && toProject(row);
  }

  async list(query: ProjectListQuery = {}): Promise<Page<Project>> {
    const { page, pageSize, limit, offset } = pageBounds(query);
    let q = this.db.selectFrom('projects');
    if (query.search) {
      const search = query.search.trim();
      q = q.where((eb) => containsIgnoreCase(eb.ref('name'), search));
    }
    if (query.status !== undefined) q = q.where('status', '=', query.status);
    if (query.ownerId !== undefined) q = q.where('owner_id', '=', query.ownerId);
    if (query.ids !== undefined) {
      if (query.ids.length === 0) return { items: [], total: 0, page, pageSize };
      q = q.where('id', 'in', [...query.ids]);
    }
    const [count, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q.selectAll().orderBy('id').limit(limit).offset(offset).execute(),
    ]);
    return { items: rows.map(toProject), total: toCount(count.n), page, pageSize };
  }

  /**
   * @throws ConflictError with field 'name'
   * @throws DatasetInUseError when the patch moves the project to another dataset while it has
   *   categories or grants; the check and the change are one transaction.
   */
  async update(id: number, patch: ProjectPatch): Promise<Project | undefined> {
    if (patch.dataset === undefined) return this.write(this.db, id, patch);
    return inTransaction(this.db, async (trx) => {
      let current = trx.selectFrom('projects').select('dataset').where('id', '=', id);
      // PostgreSQL: hold the row, so a category or grant being added (its foreign key takes a key
      // share lock on this row) waits for the change, or the change waits for it and then sees it.
      // SQLite runs one writer at a time anyway.
      if (this.ctx.dialect === 'postgres') current = current.forUpdate();
      const row = await current.executeTakeFirst();
      if (!row) return undefined;
      if (row.dataset !== patch.dataset) {
        const ties = await datasetTies(trx, id);
        if (ties.categories > 0 || ties.grants > 0) throw new DatasetInUseError(ties);
        // What is left that names ids of the old dataset grants nothing, but would point at other
        // brands and categories in the new one: it goes with the old dataset.
        await trx.deleteFrom('favorite_brands').where('project_id', '=', id).execute();
        await trx.deleteFrom('category_bands').where('project_id', '=', id).execute();
        await trx
          .deleteFrom('custom_attributes')
          .where('project_id', '=', id)
          .where('category_id', 'is not', null)
          .execute();
        // Own events about a brand or category; events about the whole market stay.
        await trx
          .deleteFrom('project_events')
          .where('project_id', '=', id)
          .where((eb) => eb.or([eb('brand_id', 'is not', null), eb('category_id', 'is not', null)]))
          .execute();
        // Every chart note is about a category or a brand of the old dataset.
        await trx.deleteFrom('chart_notes').where('project_id', '=', id).execute();
      }
      return this.write(trx, id, patch);
    });
  }

  private async write(db: Kysely<MetadataDatabase>, id: number, patch: ProjectPatch): Promise<Project | undefined> {
    try {
      const row = await db
        .updateTable('projects')
        .set({ ...toRowUpdate(patch), updated_at: this.ctx.now() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toProject(row);
    } catch (err) {
      rethrowConflict(err, 'project', { name: 'name' });
    }
  }

  /**
   * The ids of a dataset that the projects on it use, each with the names of those projects:
   * categories (the projects' lists and category grants), brands (grants and favourite brands)
   * and shops (grant values as stored: 'platform,shop_id' or a bare shop id). What an import must
   * keep stable (docs/data-format.md §9).
   */
  async idsInUse(dataset: string): Promise<DatasetIdsInUse> {
    const used: DatasetIdsInUse = { categories: new Map(), brands: new Map(), shops: new Map() };
    const projects = await this.db
      .selectFrom('projects')
      .select(['id', 'name'])
      .where('dataset', '=', dataset)
      .execute();
    if (projects.length === 0) return used;
    const nameOf = new Map(projects.map((p) => [p.id, p.name]));
    const ids = [...nameOf.keys()];
    const note = <K>(map: Map<K, string[]>, key: K, projectId: number) => {
      const names = map.get(key) ?? [];
      const name = nameOf.get(projectId)!;
      if (!names.includes(name)) names.push(name);
      map.set(key, names);
    };
    const [categories, grants, favourites] = await Promise.all([
      this.db
        .selectFrom('project_categories')
        .select(['project_id', 'category_id'])
        .where('project_id', 'in', ids)
        .execute(),
      this.db.selectFrom('grants').select(['project_id', 'kind', 'value']).where('project_id', 'in', ids).execute(),
      this.db.selectFrom('favorite_brands').select(['project_id', 'brand_id']).where('project_id', 'in', ids).execute(),
    ]);
    for (const c of categories) note(used.categories, c.category_id, c.project_id);
    for (const f of favourites) note(used.brands, f.brand_id, f.project_id);
    for (const g of grants) {
      const id = Number(g.value);
      if (g.kind === 'shop') note(used.shops, g.value, g.project_id);
      else if (Number.isSafeInteger(id)) note(g.kind === 'category' ? used.categories : used.brands, id, g.project_id);
    }
    for (const map of [used.categories, used.brands, used.shops]) for (const names of map.values()) names.sort();
    return used;
  }

  /** What {@link delete} takes with the project, counted (the confirmation names it). */
  async ties(id: number): Promise<ProjectTies> {
    const count = async (table: (typeof TIED_TABLES)[number]) => {
      const row = await this.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('project_id', '=', id)
        .executeTakeFirstOrThrow();
      return toCount(row.n);
    };
    // A member's saved settings: a config other than the empty object every membership starts with.
    const configs = async () => {
      const row = await this.db
        .selectFrom('project_members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('project_id', '=', id)
        .where('config', '<>', toJson({}))
        .executeTakeFirstOrThrow();
      return toCount(row.n);
    };
    const [
      members,
      grants,
      savedConfigs,
      categories,
      attributes,
      bands,
      customAttributes,
      favoriteBrands,
      collections,
      events,
      notes,
      views,
    ] = await Promise.all([
      count('project_members'),
      count('grants'),
      configs(),
      count('project_categories'),
      count('project_attributes'),
      count('category_bands'),
      count('custom_attributes'),
      count('favorite_brands'),
      count('collections'),
      count('project_events'),
      count('chart_notes'),
      count('saved_views'),
    ]);
    return {
      members,
      grants,
      savedConfigs,
      categories,
      attributes,
      bands,
      customAttributes,
      favoriteBrands,
      collections,
      events,
      notes,
      views,
    };
  }

  async setStatus(id: number, status: ProjectStatus): Promise<Project | undefined> {
    return this.update(id, { status });
  }

  /**
   * Deletes the project with everything hanging off it: members, grants, categories, attributes,
   * bands, favourites and collections cascade; its settings scope has no foreign key, so it is
   * removed here in the same transaction.
   */
  async delete(id: number): Promise<boolean> {
    return inTransaction(this.db, async (trx) => {
      await trx.deleteFrom('settings').where('scope', '=', settingsScope.project(id)).execute();
      const result = await trx.deleteFrom('projects').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    });
  }
}
