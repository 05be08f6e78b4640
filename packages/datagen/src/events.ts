/**
 * Unusual moves planted in the market: a brand's sales in one category jump for a month after a
 * livestream (and shift to the livestream platform), or collapse for a month after a stock-out.
 * Anomaly views and tests need moves whose place is known, so every event is listed in the
 * dataset's manifest (`market.plantedEvents`, `<dataset>/planted_events.json`).
 *
 * Events are drawn from their own stream over the fixed horizon, so a later as-of date only adds
 * events and the rest of the market is drawn as without them.
 */
import { dayOf, type Region } from './calendar.js';
import type { PlatformDef } from './catalog/channels.js';
import { Rng } from './rng.js';
import type { BrandCategory, Product } from './universe.js';

export type PlantedEventKind = 'livestream_spike' | 'stockout';

export interface UniverseEvent {
  readonly kind: PlantedEventKind;
  readonly bc: BrandCategory;
  /** First day of the event month and the first day after it. */
  readonly start: number;
  readonly end: number;
  /** Multiplier of the brand's weight in the category during the month. */
  readonly factor: number;
  /** Platform index whose listings of the brand get `platformBoost` (livestreams), else -1. */
  readonly platform: number;
  readonly platformBoost: number;
}

/** The first year with planted events. */
const FIRST_EVENT_YEAR = 2019;
const LIVESTREAM_PLATFORM: Record<Region, string> = { cn: 'douyin', global: 'shopee' };

export function drawEvents(
  seed: number,
  region: Region,
  horizon: number,
  bcs: readonly BrandCategory[],
  platforms: readonly PlatformDef[],
  products: readonly Product[],
): UniverseEvent[] {
  const rng = Rng.derive(seed, region, 'events');
  const live = platforms.findIndex((p) => p.code === LIVESTREAM_PLATFORM[region]);
  const events: UniverseEvent[] = [];
  const used = new Set<number>();
  // Products of each brand-category (launch and end days): an event needs something on sale.
  const spans = new Map<number, [number, number][]>();
  for (const p of products) {
    if (!spans.has(p.bc.index)) spans.set(p.bc.index, []);
    spans.get(p.bc.index)!.push([p.launch, p.end]);
  }
  const selling = (bc: BrandCategory, start: number, end: number) =>
    spans.get(bc.index)?.some(([from, to]) => from <= start - 90 && to >= end + 90) ?? false;
  // Only where the brand has rivals: a move is read against the rest of the category.
  const brandsInLeaf = new Map<number, number>();
  for (const bc of bcs) brandsInLeaf.set(bc.leaf.index, (brandsInLeaf.get(bc.leaf.index) ?? 0) + 1);
  for (let year = FIRST_EVENT_YEAR; year < horizon; year++) {
    for (const kind of ['livestream_spike', 'stockout'] as const) {
      const draw = rng.float();
      const month = rng.int(3, 12);
      const pickDraw = rng.float();
      const factorDraw = rng.float();
      if (kind === 'stockout' && draw >= 0.5) continue;
      // Large, established sellers of the category: where an analyst would notice the move.
      const start = dayOf(year, month, 1);
      const end = month === 12 ? dayOf(year + 1, 1, 1) : dayOf(year, month + 1, 1);
      const eligible = bcs.filter(
        (bc) =>
          !used.has(bc.index) &&
          brandsInLeaf.get(bc.leaf.index)! >= 4 &&
          bc.brand.kind !== 'flop' &&
          bc.brand.sizePct > 0.6 &&
          bc.brand.launch < year - 1 &&
          bc.brand.exit > year + 2 &&
          bc.brand.declineFrom > year &&
          selling(bc, start, end) &&
          (kind === 'stockout' || live < 0 || bc.brand.joins[live]! < year - 0.5),
      );
      if (eligible.length === 0) continue;
      const weights = eligible.map((bc) => bc.brand.size * bc.affinity);
      const total = weights.reduce((s, w) => s + w, 0);
      let x = pickDraw * total;
      let i = 0;
      while (i < eligible.length - 1 && x >= weights[i]!) x -= weights[i++]!;
      const bc = eligible[i]!;
      used.add(bc.index);
      events.push(
        kind === 'livestream_spike'
          ? { kind, bc, start, end, factor: 3 + 2 * factorDraw, platform: live, platformBoost: 3 }
          : { kind, bc, start, end, factor: 0.15 + 0.2 * factorDraw, platform: -1, platformBoost: 1 },
      );
    }
  }
  return events;
}
