/**
 * Demo product pictures: one small SVG per image id, drawn here (nothing is downloaded) — a
 * silhouette typical of the product's level-1 category in that category's colour, shaded per
 * product, with the brand's initials. Written as `<dataset>/pictures/<image_id>.svg`, the folder a
 * customer's pictures come in (docs/data-format.md §10), so both go through the same importer.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PICTURES_FOLDER } from '@marketlens/shared';
import type { Market } from './market.js';
import { hashString } from './rng.js';

interface Silhouette {
  /** SVG shapes in a 100 × 100 box, filled with the product colour. */
  readonly shapes: string;
  /** Hue (0–360) of the category. */
  readonly hue: number;
  /** Baseline of the initials, on the silhouette's widest part. */
  readonly textY: number;
}

/** By level-1 category id (catalog/index.ts: 1 = beauty … 9 = home). */
const SILHOUETTES: Readonly<Record<number, Silhouette>> = {
  // Beauty: a cream jar with its lid.
  1: {
    hue: 330,
    textY: 70,
    shapes: '<rect x="36" y="18" width="28" height="12" rx="3"/><rect x="24" y="32" width="52" height="58" rx="8"/>',
  },
  // Personal care: a pump bottle.
  2: {
    hue: 190,
    textY: 70,
    shapes:
      '<path d="M44 8h18v6h-8v8h-8z"/><rect x="40" y="22" width="20" height="10"/><rect x="30" y="32" width="40" height="60" rx="8"/>',
  },
  // Mother & baby: a feeding bottle.
  3: {
    hue: 45,
    textY: 68,
    shapes:
      '<path d="M44 22q0-14 6-14t6 14z"/><rect x="38" y="22" width="24" height="8" rx="2"/><rect x="34" y="30" width="32" height="62" rx="9"/>',
  },
  // Food & beverages: a snack bag.
  4: { hue: 25, textY: 64, shapes: '<path d="M26 12h48l-4 8 4 8v62H26V28l4-8z"/>' },
  // Home appliances: a device on feet.
  5: {
    hue: 215,
    textY: 60,
    shapes:
      '<rect x="16" y="20" width="68" height="58" rx="7"/><rect x="24" y="78" width="10" height="8"/><rect x="66" y="78" width="10" height="8"/>',
  },
  // Pet supplies: a paw.
  6: {
    hue: 100,
    textY: 76,
    shapes:
      '<ellipse cx="50" cy="68" rx="24" ry="20"/><circle cx="24" cy="40" r="9"/><circle cx="40" cy="26" r="9"/><circle cx="60" cy="26" r="9"/><circle cx="76" cy="40" r="9"/>',
  },
  // Sports & outdoors: a ball.
  7: { hue: 140, textY: 57, shapes: '<circle cx="50" cy="50" r="36"/>' },
  // Apparel, shoes & bags: a T-shirt.
  8: { hue: 265, textY: 70, shapes: '<path d="M36 14 12 28l9 16 11-6v50h36V38l11 6 9-16-24-14q-6 8-14 8t-14-8z"/>' },
  // Home & living: a house.
  9: { hue: 5, textY: 74, shapes: '<path d="M50 12l40 34H78v44H22V46H10z"/>' },
};
const OTHER: Silhouette = { hue: 0, textY: 57, shapes: '<rect x="18" y="18" width="64" height="64" rx="10"/>' };

/** Up to two letters: the first letters of the first two words, else the first two of one word. */
export function brandInitials(name: string): string {
  const words = name.match(/[A-Za-z0-9]+/g) ?? [];
  if (words.length === 0) return '';
  const [a, b] = words as [string, string | undefined];
  return b ? (a[0]! + b[0]!).toUpperCase() : a[0]!.toUpperCase() + a.slice(1, 2).toLowerCase();
}

/**
 * The SVG of one product picture (a few hundred bytes). The shade comes from the image id, so the
 * same product always looks the same and neighbouring products of one category differ.
 */
export function productPictureSvg(level1Id: number, brandName: string, imageId: string): string {
  const s = SILHOUETTES[level1Id] ?? OTHER;
  const h = hashString(imageId);
  const hue = (s.hue + (h % 31) - 15 + 360) % 360;
  const light = 38 + ((h >>> 8) % 17);
  const initials = brandInitials(brandName);
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 100 100">' +
    `<rect width="100" height="100" fill="hsl(${hue},45%,95%)"/>` +
    `<g fill="hsl(${hue},55%,${light}%)">${s.shapes}</g>` +
    (initials
      ? `<text x="50" y="${s.textY}" fill="#fff" font-family="Arial,Helvetica,sans-serif" font-size="17" font-weight="700" text-anchor="middle">${initials}</text>`
      : '') +
    '</svg>'
  );
}

/**
 * Writes the picture of every image id of the dataset's products into `<dir>/pictures/` (the folder
 * is emptied first: pictures of an earlier run must not mix in). Returns how many were written.
 * Datagen category ids carry their level-1 id in front (level 3 = L1·10 000 + …).
 */
export function writePictures(market: Market, dir: string): number {
  const folder = path.join(dir, PICTURES_FOLDER);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder);
  const brands = new Map(market.dims.dim_brand.map((b) => [b.brand_id, b.name_en]));
  const written = new Set<string>();
  for (const sku of market.rows('dim_sku')) {
    const id = sku.image_id;
    if (id === null || written.has(id)) continue;
    written.add(id);
    const svg = productPictureSvg(Math.floor(sku.category_id / 10_000), brands.get(sku.brand_id) ?? '', id);
    writeFileSync(path.join(folder, `${id}.svg`), svg);
  }
  return written.size;
}
