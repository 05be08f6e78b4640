import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ConflictError, settingsScope } from '../../src/metadata/index.js';
import { ISO_UTC, newUser, type StoreTarget, stores, useStore } from './stores.js';

describe.each(stores())('projects on $name', (target: StoreTarget) => {
  const store = useStore(target);

  it('creates a project with defaults and reads it back by id and name', async () => {
    const project = await store().projects.create({ name: '美妆', dataset: 'beauty' });
    expect(project).toMatchObject({
      name: '美妆',
      dataset: 'beauty',
      ownerId: null,
      currencyUnit: 'CNY',
      curSymbol: '¥',
      dateField: 'month',
      hasSeries: false,
      seriesName: '',
      seriesNameEn: '',
      hideKeywords: false,
      discountPrice: false,
      limitBrands: false,
      limitShops: false,
      pages: [],
      status: 'in_service',
    });
    expect(project.createdAt).toMatch(ISO_UTC);
    expect(await store().projects.getById(project.id)).toEqual(project);
    expect(await store().projects.getByName('美妆')).toEqual(project);
    expect(await store().projects.getByName('nope')).toBeUndefined();
  });

  it('round-trips booleans and the page list (sorted, de-duplicated)', async () => {
    const owner = await store().users.create(newUser('owner'));
    const project = await store().projects.create({
      name: 'Pets',
      dataset: 'pets_weekly',
      ownerId: owner.id,
      currencyUnit: 'USD',
      curSymbol: '$',
      dateField: 'week',
      hasSeries: true,
      seriesName: '系列',
      seriesNameEn: 'Series',
      hideKeywords: true,
      discountPrice: true,
      limitBrands: true,
      limitShops: false,
      pages: [9, 1, 4, 4, 2],
    });
    const read = await store().projects.getById(project.id);
    expect(read).toMatchObject({
      ownerId: owner.id,
      currencyUnit: 'USD',
      curSymbol: '$',
      dateField: 'week',
      hasSeries: true,
      hideKeywords: true,
      discountPrice: true,
      limitBrands: true,
      limitShops: false,
      pages: [1, 2, 4, 9],
    });
    // Stored as 0/1 and JSON text, whatever the driver.
    const raw = await store()
      .db.selectFrom('projects')
      .select(['has_series', 'limit_shops', 'pages'])
      .where('id', '=', project.id)
      .executeTakeFirstOrThrow();
    expect(raw).toEqual({ has_series: 1, limit_shops: 0, pages: '[1,2,4,9]' });

    const updated = await store().projects.update(project.id, { hasSeries: false, pages: [3], limitShops: true });
    expect(updated).toMatchObject({ hasSeries: false, pages: [3], limitShops: true, discountPrice: true });
  });

  it('rejects a duplicate name as a conflict on create and update', async () => {
    await store().projects.create({ name: 'A', dataset: 'd' });
    const b = await store().projects.create({ name: 'B', dataset: 'd' });
    await expect(store().projects.create({ name: 'A', dataset: 'x' })).rejects.toMatchObject({
      name: 'ConflictError',
      entity: 'project',
      field: 'name',
    });
    const err = await store()
      .projects.update(b.id, { name: 'A' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConflictError);
    expect((await store().projects.getById(b.id))?.name).toBe('B');
  });

  it('lists with paging, search and filters, and sets the status', async () => {
    const owner = await store().users.create(newUser('o'));
    for (let i = 1; i <= 7; i++) {
      await store().projects.create({
        name: `Project ${i}`,
        dataset: 'd',
        ownerId: i <= 2 ? owner.id : null,
      });
    }
    await store().projects.create({ name: '母婴 Baby', dataset: 'd' });
    const page = await store().projects.list({ page: 2, pageSize: 3 });
    expect(page.total).toBe(8);
    expect(page.items.map((p) => p.name)).toEqual(['Project 4', 'Project 5', 'Project 6']);
    expect((await store().projects.list({ search: 'baby' })).items.map((p) => p.name)).toEqual(['母婴 Baby']);
    expect((await store().projects.list({ ownerId: owner.id })).total).toBe(2);

    const p3 = (await store().projects.getByName('Project 3'))?.id ?? 0;
    const stopped = await store().projects.setStatus(p3, 'stopped');
    expect(stopped?.status).toBe('stopped');
    expect((await store().projects.list({ status: 'stopped' })).items.map((p) => p.id)).toEqual([p3]);
    expect((await store().projects.list({ status: 'in_service' })).total).toBe(7);
    expect(await store().projects.setStatus(9999, 'stopped')).toBeUndefined();
    expect((await store().projects.list({ ids: [p3] })).items).toHaveLength(1);
  });

  it('deleting a project removes its members, grants, categories, favourites and settings', async () => {
    const s = store();
    const user = await s.users.create(newUser('member'));
    const keep = await s.projects.create({ name: 'keep', dataset: 'd' });
    const gone = await s.projects.create({ name: 'gone', dataset: 'd', ownerId: user.id });
    for (const project of [keep, gone]) {
      await s.members.add({ projectId: project.id, userId: user.id, pages: [1] });
      await s.grants.replace(project.id, user.id, 'category', ['1', '2']);
      await s.settings.set(settingsScope.project(project.id), 'hidden_keywords', ['x']);
      const now = new Date().toISOString();
      await s.db
        .insertInto('favorite_brands')
        .values({ project_id: project.id, user_id: user.id, brand_id: 7, created_at: now })
        .execute();
      await s.db
        .insertInto('project_categories')
        .values({ project_id: project.id, category_id: 11, created_at: now, updated_at: now })
        .execute();
      await s.db
        .insertInto('collections')
        .values({ project_id: project.id, user_id: user.id, kind: 'brand', created_at: now })
        .execute();
    }

    expect(await s.projects.delete(gone.id)).toBe(true);
    expect(await s.projects.delete(gone.id)).toBe(false);

    const count = async (
      table: 'project_members' | 'grants' | 'favorite_brands' | 'project_categories' | 'collections',
    ) => {
      const rows = await s.db.selectFrom(table).select(['project_id']).execute();
      return rows.map((r) => r.project_id);
    };
    for (const table of [
      'project_members',
      'grants',
      'favorite_brands',
      'project_categories',
      'collections',
    ] as const) {
      expect(
        (await count(table)).every((id) => id === keep.id),
        table,
      ).toBe(true);
      expect((await count(table)).length, table).toBeGreaterThan(0);
    }
    expect(await s.settings.get(settingsScope.project(gone.id), 'hidden_keywords')).toBeUndefined();
    expect(await s.settings.get(settingsScope.project(keep.id), 'hidden_keywords')).toEqual(['x']);
    expect(await s.users.getById(user.id)).toBeDefined();
  });

  it('deleting the owner keeps the project, without an owner', async () => {
    const owner = await store().users.create(newUser('boss'));
    const project = await store().projects.create({ name: 'owned', dataset: 'd', ownerId: owner.id });
    await store().users.delete(owner.id);
    expect((await store().projects.getById(project.id))?.ownerId).toBeNull();
  });

  it('keeps foreign keys enforced (a grant for a missing project fails)', async () => {
    const user = await store().users.create(newUser('fk'));
    await expect(
      sql`insert into grants (project_id, user_id, kind, value) values (${424242}, ${user.id}, 'category', '1')`.execute(
        store().db,
      ),
    ).rejects.toThrow();
  });
});
