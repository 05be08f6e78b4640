/**
 * What a new version of a dataset does to the ids its projects use (docs/data-format.md §9):
 * project categories, grants and favourite brands store category, brand and shop ids, so a version
 * that drops one, or gives it to something else, changes what a grant means without anyone
 * touching it. The import reports both, cheaply: the ids in use that the new version does not hold
 * (a shop also when it is on another platform than its grant names), and the ids in use whose name
 * changed between the versions, in either language: the sign of an id reused for something else
 * (or of a renamed brand, which an administrator can tell apart at a glance).
 */
import {
  brandNames,
  categoriesById,
  hasDataset,
  shopDetails,
  unknownGrantValues,
} from '../analytics/engine/dimensions.js';
import type { DatasetIdsInUse } from '../metadata/index.js';
import type { WarehouseEngine } from '../warehouse/engine.js';

export type IdKind = 'category' | 'brand' | 'shop';
const KINDS: readonly IdKind[] = ['category', 'brand', 'shop'];

export interface IdName {
  zh: string;
  en: string;
}

/** The names one version gives the ids in use, per kind and id (as text); ids it does not hold are absent. */
export type NamesInUse = Record<IdKind, Map<string, IdName>>;

export interface IdChange {
  kind: IdKind;
  id: string;
  /** Projects using the id. */
  projects: string[];
  before?: IdName;
  after?: IdName;
}

export interface IdReport {
  /** In use, and not in the new version. */
  dropped: IdChange[];
  /** In use, in both versions, under another name. */
  renamed: IdChange[];
}

function inUse(used: DatasetIdsInUse): Record<IdKind, Map<string, string[]>> {
  const byText = <K>(m: Map<K, string[]>) => new Map([...m].map(([k, v]) => [String(k), v]));
  return { category: byText(used.categories), brand: byText(used.brands), shop: used.shops };
}

/** The names the dataset's current version gives the ids in use; undefined when the dataset is not loaded. */
export async function namesInUse(
  warehouse: WarehouseEngine,
  dataset: string,
  used: DatasetIdsInUse,
): Promise<NamesInUse | undefined> {
  if (!hasDataset(warehouse, dataset)) return undefined;
  const names: NamesInUse = { category: new Map(), brand: new Map(), shop: new Map() };
  const named = (n: { name_zh: string; name_en: string }): IdName => ({ zh: n.name_zh, en: n.name_en });
  for (const [id, c] of await categoriesById(warehouse, dataset, [...used.categories.keys()]))
    names.category.set(String(id), named(c));
  for (const [id, b] of await brandNames(warehouse, dataset, [...used.brands.keys()]))
    names.brand.set(String(id), named(b));
  // A shop grant holds when the shop is there on the platform it names (the grants' own rule).
  const values = [...used.shops.keys()];
  const unknown = new Set(await unknownGrantValues(warehouse, dataset, 'shop', values));
  const held = values.filter((v) => !unknown.has(v));
  const shopId = (value: string) => Number(value.slice(value.lastIndexOf(',') + 1));
  const shops = await shopDetails(warehouse, dataset, [...new Set(held.map(shopId))]);
  for (const value of held) {
    const shop = shops.get(shopId(value));
    if (shop) names.shop.set(value, named(shop));
  }
  return names;
}

/** What changed for the ids in use from `before` (undefined: the dataset is new here) to `after`. */
export function compareIdsInUse(used: DatasetIdsInUse, before: NamesInUse | undefined, after: NamesInUse): IdReport {
  const report: IdReport = { dropped: [], renamed: [] };
  const byKind = inUse(used);
  for (const kind of KINDS) {
    for (const [id, projects] of [...byKind[kind]].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))) {
      const was = before?.[kind].get(id);
      const now = after[kind].get(id);
      const change: IdChange = { kind, id, projects, ...(was ? { before: was } : {}), ...(now ? { after: now } : {}) };
      if (!now) report.dropped.push(change);
      else if (was && (was.zh !== now.zh || was.en !== now.en)) report.renamed.push(change);
    }
  }
  return report;
}

/** Lines per list; the rest is counted. */
const SHOWN = 50;

/** The report as the CLI prints it, in English or Chinese; empty when nothing changed. */
export function formatIdReport(report: IdReport, zh: boolean): string {
  const kindName = (k: IdKind) =>
    zh
      ? { category: '品类', brand: '品牌', shop: '店铺' }[k]
      : { category: 'category', brand: 'brand', shop: 'shop' }[k];
  const name = (n: IdName | undefined) => (n ? (n.zh === n.en ? n.zh : `${n.zh} / ${n.en}`) : '?');
  const projects = (c: IdChange) => (zh ? `项目：${c.projects.join('、')}` : `projects: ${c.projects.join(', ')}`);
  const list = (changes: IdChange[], line: (c: IdChange) => string) => {
    const lines = changes.slice(0, SHOWN).map((c) => `    ${line(c)}\n`);
    const more = changes.length - SHOWN;
    if (more > 0) lines.push(zh ? `    ……另有 ${more} 个\n` : `    … and ${more} more\n`);
    return lines.join('');
  };
  let out = '';
  const { dropped, renamed } = report;
  if (dropped.length > 0) {
    const n = dropped.length;
    out += zh
      ? `! 项目使用的 ${n} 个编号在新版本中不存在，相关的品类、权限和关注不再生效（编号须在各版本间保持不变，见 docs/data-format.md §9）：\n`
      : `! ${n} ${n === 1 ? 'id that projects use is' : 'ids that projects use are'} not in the new version, so the categories, grants and favourites with ${n === 1 ? 'it' : 'them'} no longer apply (ids must stay the same across versions, see docs/data-format.md §9):\n`;
    out += list(dropped, (c) => `${kindName(c.kind)} ${c.id}${c.before ? ` ${name(c.before)}` : ''} — ${projects(c)}`);
  }
  if (renamed.length > 0) {
    const n = renamed.length;
    out += zh
      ? `! 项目使用的 ${n} 个编号在新版本中名称不同，请确认其含义未变：\n`
      : `! ${n} ${n === 1 ? 'id that projects use has' : 'ids that projects use have'} another name in the new version; check that ${n === 1 ? 'it still means' : 'they still mean'} the same thing:\n`;
    out += list(renamed, (c) => `${kindName(c.kind)} ${c.id} ${name(c.before)} → ${name(c.after)} — ${projects(c)}`);
  }
  return out;
}
