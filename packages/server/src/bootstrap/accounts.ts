import { DEMO_DATASETS } from '@marketlens/shared';
import { allCategories } from '../analytics/engine/dimensions.js';
import { generateStrongPassword, hashPassword } from '../auth/passwords.js';
import type { MetadataStore } from '../metadata/index.js';
import type { WarehouseEngine } from '../warehouse/engine.js';
import { writeInitialPassword } from './data-dir.js';

/** Every analysis page (route ids 1–9, docs/product.md §2). */
const ALL_PAGES = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const DEMO_PROJECTS_FLAG = { scope: 'bootstrap', key: 'demo_projects' };

export interface RootAccountResult {
  created: boolean;
  /** Set only when the password was generated: shown once, and written to this file. */
  generatedPassword?: string;
  passwordFile?: string;
}

/** Creates the `root` account on first start, with ROOT_PASSWORD or a generated password. */
export async function ensureRootAccount(
  metadata: MetadataStore,
  dataDir: string,
  rootPassword: string | undefined,
): Promise<RootAccountResult> {
  if (await metadata.users.getByUsername('root')) return { created: false };
  const password = rootPassword ?? generateStrongPassword();
  await metadata.users.create({
    username: 'root',
    email: 'root@localhost',
    passwordHash: await hashPassword(password),
    role: 'root',
    enterprise: 'MarketLens',
    telephone: '-',
    status: 'active',
    // A generated password was printed to a terminal: it must be replaced at first sign-in.
    mustChangePassword: rootPassword === undefined,
  });
  if (rootPassword !== undefined) return { created: true };
  return { created: true, generatedPassword: password, passwordFile: writeInitialPassword(dataDir, password) };
}

/**
 * One demo project per demo dataset, owned by root with every page, created once: an
 * administrator who later deletes a demo project does not get it back on the next start.
 */
export async function ensureDemoProjects(metadata: MetadataStore, warehouse: WarehouseEngine): Promise<string[]> {
  if (await metadata.settings.get(DEMO_PROJECTS_FLAG.scope, DEMO_PROJECTS_FLAG.key)) return [];
  const root = await metadata.users.getByUsername('root');
  if (!root) throw new Error('root account missing');
  const demo = warehouse.datasets().filter((d) => (DEMO_DATASETS as readonly string[]).includes(d.manifest.name));
  if (demo.length === 0) return [];
  const created: string[] = [];
  for (const { manifest } of demo) {
    if (await metadata.projects.getByName(manifest.title_zh)) continue;
    const project = await metadata.projects.create({
      name: manifest.title_zh,
      ownerId: root.id,
      dataset: manifest.name,
      currencyUnit: manifest.currency_unit,
      curSymbol: manifest.cur_symbol,
      dateField: manifest.date_field,
      hasSeries: manifest.has_series,
      ...(manifest.series_name ? { seriesName: manifest.series_name } : {}),
      ...(manifest.series_name_en ? { seriesNameEn: manifest.series_name_en } : {}),
      hideKeywords: false,
      discountPrice: manifest.discount_price,
      limitBrands: false,
      pages: ALL_PAGES,
      status: 'in_service',
    });
    await metadata.members.add({ projectId: project.id, userId: root.id, role: 'root', pages: ALL_PAGES });
    // The whole category tree, ready: data access is deny-by-default, so a project without
    // categories would show its owner nothing.
    const level1 = (await allCategories(warehouse, manifest.name)).filter((c) => c.level === 1);
    await metadata.projectCategories.add(
      project.id,
      level1.map((c) => c.category_id),
      'ready',
    );
    created.push(manifest.name);
  }
  await metadata.settings.set(DEMO_PROJECTS_FLAG.scope, DEMO_PROJECTS_FLAG.key, {
    created,
    at: new Date().toISOString(),
  });
  return created;
}
