/**
 * The realism report of a generated market (`npm run datagen -- --report`): figures an analyst
 * would check first, computed from the fact rows alone (not from the generator's parameters), so
 * the report says what the data shows.
 */
import { dayOf, formatDay, parseDay, ymd } from './calendar.js';
import type { Market } from './market.js';

export interface CategoryGrowth {
  level2: number;
  name: string;
  /** Sales of the last 12 complete periods against the 12 before, as a ratio − 1. */
  yoy: number;
  /** Units likewise, and the average price (sales / units). */
  unitsYoy: number;
  priceYoy: number;
  /** Price × volume × mix decomposition of the sales change (in sales, same currency). */
  price: number;
  volume: number;
  mix: number;
}

export interface RealismReport {
  dataset: string;
  lastPeriod: string;
  categories: CategoryGrowth[];
  potential: { count: number; categories: number; month: string; benchmark: string };
  /**
   * Brands entering a level-2 category (first sale there after the first year of data), per year of
   * entry: how many, and how many were among the category's top 20 by monthly sales within 18 months.
   */
  launches: { year: string; entered: number; top20: number }[];
  /**
   * Planted events: the brand's sales relative to the rest of its category in the event month, against
   * the same ratio in the two months either side (×1 = no move).
   */
  events: { kind: string; month: string; brand: string; category: number; factor: number; ratio: number }[];
  channel: {
    /** Largest yoy change (ratio points) of one platform's share of a level-2 category, with where. */
    maxPlatformShift: { value: number; level2: number; platform: number; window: number };
    /** Largest yoy change of a leading brand's own platform mix (top 5 brands of a level-2 category). */
    maxBrandMixShift: { value: number; brand: number; level2: number; platform: number; window: number };
    /** 95th percentile of the same figures over every (category or leader, window) pair, and how many exceed 20 pts. */
    platformShiftP95: number;
    brandMixShiftP95: number;
    brandMixOver20: number;
    brandMixPairs: number;
    /** The largest leader moves: brand, level 2, platform, window (0 = latest), change. */
    /** The same for leaders that also sold in the category in the year before the pair (incumbents, not launches). */
    incumbentMixMax: number;
    incumbentMixOver20: number;
    incumbentMixPairs: number;
    brandMixTop: { brand: number; level2: number; platform: number; window: number; value: number }[];
    /** Douyin's share change per year, median over level-2 categories, by 12-month window (oldest first). */
    douyinMedianStep: number[];
  };
}

const CENT = 100;

/** Potential Brand defaults (docs/pages/potential.md): level 2, latest month against a year before. */
export const POTENTIAL_DEFAULTS = {
  categorySales: 100_000_000,
  categoryGrowth: 0.2,
  brandSales: 10_000_000,
  brandGrowth: 0.3,
};

export function realismReport(market: Market): RealismReport {
  const skus = market.skus;
  const n = market.periods.length;
  const names = new Map(market.dims.dim_category.map((c) => [c.category_id, c.name_en]));
  const platformIds = market.dims.dim_platform.map((p) => p.platform_id);
  const P = Math.max(...platformIds) + 1;
  const douyin = market.dims.dim_platform.find((p) => p.code === 'douyin')?.platform_id ?? -1;
  const l2Of = (s: number) => Math.floor(skus.categoryId[s]! / 100);
  const l2Ids = [...new Set(Array.from({ length: skus.size }, (_, s) => l2Of(s)))].sort((a, b) => a - b);
  const l2Index = new Map(l2Ids.map((id, i) => [id, i]));
  const C = l2Ids.length;
  // brand × level-2 pairs.
  const pairKey = new Map<string, number>();
  const pairOf = new Int32Array(skus.size);
  const pairBrand: number[] = [];
  const pairL2: number[] = [];
  for (let s = 0; s < skus.size; s++) {
    const key = `${skus.brandId[s]}/${l2Of(s)}`;
    let p = pairKey.get(key);
    if (p === undefined) {
      p = pairBrand.length;
      pairKey.set(key, p);
      pairBrand.push(skus.brandId[s]!);
      pairL2.push(l2Index.get(l2Of(s))!);
    }
    pairOf[s] = p;
  }
  const W = Math.floor(n / 12); // 12-month windows ending with the last period; 0 = latest
  const windowOf = (t: number) => Math.floor((n - 1 - t) / 12);
  const skuSales = [new Float64Array(skus.size), new Float64Array(skus.size)];
  const skuUnits = [new Float64Array(skus.size), new Float64Array(skus.size)];
  const pairMonth = [new Float64Array(pairBrand.length), new Float64Array(pairBrand.length)];
  const pairPeriod = new Float64Array(pairBrand.length * n);
  const pairPlatformWindow = new Float64Array(pairBrand.length * P * W);
  const l2PlatformWindow = new Float64Array(C * P * W);
  const events = market.plantedEvents;
  const eventSeries = events.map(() => ({ brand: new Float64Array(n), leaf: new Float64Array(n) }));

  for (const b of market.factBatches()) {
    const t = b.periodIndex;
    const w = windowOf(t);
    for (let i = 0; i < b.size; i++) {
      const s = b.sku[i]!;
      const cents = b.salesCents[i]!;
      const p = pairOf[s]!;
      if (w < 2) {
        skuSales[w]![s]! += cents;
        skuUnits[w]![s]! += b.count[i]!;
      }
      pairPeriod[p * n + t]! += cents;
      if (t === n - 1) pairMonth[0]![p]! += cents;
      if (t === n - 13) pairMonth[1]![p]! += cents;
      if (w < W) {
        const platform = skus.platformId[s]!;
        pairPlatformWindow[(p * P + platform) * W + w]! += cents;
        l2PlatformWindow[(pairL2[p]! * P + platform) * W + w]! += cents;
      }
      for (let e = 0; e < events.length; e++) {
        const ev = events[e]!;
        if (skus.categoryId[s] !== ev.category_id) continue;
        eventSeries[e]!.leaf[t]! += cents;
        if (skus.brandId[s] === ev.brand_id) eventSeries[e]!.brand[t]! += cents;
      }
    }
  }

  // Category growth and price × volume × mix (last 12 periods against the 12 before).
  const categories: CategoryGrowth[] = l2Ids.map((id) => {
    let v0 = 0;
    let v1 = 0;
    let q0 = 0;
    let q1 = 0;
    let price = 0;
    for (let s = 0; s < skus.size; s++) {
      if (l2Of(s) !== id) continue;
      v0 += skuSales[1]![s]!;
      v1 += skuSales[0]![s]!;
      q0 += skuUnits[1]![s]!;
      q1 += skuUnits[0]![s]!;
      // Price term: SKUs sold in both years, at this year's units.
      if (skuUnits[0]![s]! > 0 && skuUnits[1]![s]! > 0) {
        price += (skuSales[0]![s]! / skuUnits[0]![s]! - skuSales[1]![s]! / skuUnits[1]![s]!) * skuUnits[0]![s]!;
      }
    }
    const volume = q0 > 0 ? (q1 - q0) * (v0 / q0) : 0;
    const mix = v1 - v0 - price - volume;
    return {
      level2: id,
      name: names.get(id) ?? String(id),
      yoy: v1 / v0 - 1,
      unitsYoy: q1 / q0 - 1,
      priceYoy: v1 / q1 / (v0 / q0) - 1,
      price: price / CENT,
      volume: volume / CENT,
      mix: mix / CENT,
    };
  });

  // Potential Brand with its defaults on the latest month.
  const l2Month = [new Float64Array(C), new Float64Array(C)];
  for (let p = 0; p < pairBrand.length; p++) {
    l2Month[0]![pairL2[p]!]! += pairMonth[0]![p]!;
    l2Month[1]![pairL2[p]!]! += pairMonth[1]![p]!;
  }
  const d = POTENTIAL_DEFAULTS;
  const passes = (now: number, base: number, min: number, growth: number) =>
    now / CENT >= min && base > 0 && (now - base) / base >= growth;
  const categoryPasses = Array.from({ length: C }, (_, c) =>
    passes(l2Month[0]![c]!, l2Month[1]![c]!, d.categorySales, d.categoryGrowth),
  );
  let potential = 0;
  for (let p = 0; p < pairBrand.length; p++) {
    if (
      pairMonth[0]![p]! > 0 &&
      categoryPasses[pairL2[p]!] &&
      passes(pairMonth[0]![p]!, pairMonth[1]![p]!, d.brandSales, d.brandGrowth)
    )
      potential++;
  }

  // Launches into a category's top 20.
  const top20 = new Uint8Array(pairBrand.length * n);
  const pairsOfL2: number[][] = Array.from({ length: C }, () => []);
  for (let p = 0; p < pairBrand.length; p++) pairsOfL2[pairL2[p]!]!.push(p);
  for (const list of pairsOfL2) {
    for (let t = 0; t < n; t++) {
      const ranked = list
        .filter((p) => pairPeriod[p * n + t]! > 0)
        .sort((x, y) => pairPeriod[y * n + t]! - pairPeriod[x * n + t]! || x - y);
      for (const p of ranked.slice(0, 20)) top20[p * n + t] = 1;
    }
  }
  const launchYears = new Map<string, { entered: number; top20: number }>();
  for (let p = 0; p < pairBrand.length; p++) {
    let first = 0;
    while (first < n && pairPeriod[p * n + first] === 0) first++;
    if (first < 12 || first >= n) continue;
    const year = market.periods[first]!.slice(0, 4);
    const y = launchYears.get(year) ?? { entered: 0, top20: 0 };
    y.entered++;
    let reached = false;
    for (let t = first; t < Math.min(n, first + 18) && !reached; t++) reached = top20[p * n + t] === 1;
    if (reached) y.top20++;
    launchYears.set(year, y);
  }
  const launches = [...launchYears].sort(([a], [b]) => (a < b ? -1 : 1)).map(([year, v]) => ({ year, ...v }));

  // Planted events: the brand's share of the category in the event month against the months around it.
  const eventRows = events.map((ev, e) => {
    const t = market.periods.findIndex((label) => label >= ev.month);
    const relative = (u: number) => {
      const others = eventSeries[e]!.leaf[u]! - eventSeries[e]!.brand[u]!;
      return others > 0 ? eventSeries[e]!.brand[u]! / others : 0;
    };
    const around = [t - 2, t - 1, t + 1, t + 2].filter((u) => u >= 0 && u < n);
    const base = around.reduce((s, u) => s + relative(u), 0) / around.length;
    return {
      kind: ev.kind,
      month: ev.month,
      brand: ev.brand_en,
      category: ev.category_id,
      factor: ev.factor,
      ratio: relative(t) / base,
    };
  });

  // Channel-shift pace.
  let maxPlatform = { value: 0, level2: 0, platform: 0, window: 0 };
  const platformShifts: number[] = [];
  const brandShifts: number[] = [];
  const incumbentShifts: number[] = [];
  const brandMoves: { brand: number; level2: number; platform: number; window: number; value: number }[] = [];
  const douyinSteps: number[][] = Array.from({ length: W - 1 }, () => []);
  for (let c = 0; c < C; c++) {
    const total = (w: number) => {
      let s = 0;
      for (let p = 0; p < P; p++) s += l2PlatformWindow[(c * P + p) * W + w]!;
      return s;
    };
    for (let w = 0; w + 1 < W; w++) {
      const t1 = total(w);
      const t0 = total(w + 1);
      if (t0 === 0 || t1 === 0) continue;
      let biggest = 0;
      for (let p = 0; p < P; p++) {
        const change = l2PlatformWindow[(c * P + p) * W + w]! / t1 - l2PlatformWindow[(c * P + p) * W + w + 1]! / t0;
        biggest = Math.max(biggest, Math.abs(change));
        if (Math.abs(change) > Math.abs(maxPlatform.value))
          maxPlatform = { value: change, level2: l2Ids[c]!, platform: p, window: w };
        if (p === douyin) douyinSteps[W - 2 - w]!.push(change);
      }
      platformShifts.push(biggest);
    }
  }
  // Leading brands: the top 5 of each level-2 category in the later window of each pair.
  let maxBrand = { value: 0, brand: 0, level2: 0, platform: 0, window: 0 };
  const pairTotal = (p: number, w: number) => {
    let s = 0;
    for (let q = 0; q < P; q++) s += pairPlatformWindow[(p * P + q) * W + w]!;
    return s;
  };
  for (let w = 0; w + 1 < W; w++) {
    const byL2: number[][] = Array.from({ length: C }, () => []);
    for (let p = 0; p < pairBrand.length; p++) byL2[pairL2[p]!]!.push(p);
    for (const list of byL2) {
      const top = list
        .map((p) => [p, pairTotal(p, w)] as const)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5);
      const categoryTotal = list.reduce((s, p) => s + pairTotal(p, w), 0);
      for (const [p, t1] of top) {
        const t0 = pairTotal(p, w + 1);
        // A leader sells at least 2 % of the category (a top-5 brand of a fragmented one may not).
        if (t0 === 0 || t1 < 0.02 * categoryTotal) continue;
        if (events.some((ev) => ev.brand_id === pairBrand[p] && windowOf(market.periods.indexOf(ev.month)) === w))
          continue;
        let biggest = 0;
        for (let q = 0; q < P; q++) {
          const change =
            pairPlatformWindow[(p * P + q) * W + w]! / t1 - pairPlatformWindow[(p * P + q) * W + w + 1]! / t0;
          biggest = Math.max(biggest, Math.abs(change));
          if (Math.abs(change) > 0.2)
            brandMoves.push({
              brand: pairBrand[p]!,
              level2: l2Ids[pairL2[p]!]!,
              platform: q,
              window: w,
              value: change,
            });
          if (Math.abs(change) > Math.abs(maxBrand.value))
            maxBrand = { value: change, brand: pairBrand[p]!, level2: l2Ids[pairL2[p]!]!, platform: q, window: w };
        }
        brandShifts.push(biggest);
        if (w + 2 < W && pairTotal(p, w + 2) > 0) incumbentShifts.push(biggest);
      }
    }
  }
  const p95 = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length ? s[Math.floor(0.95 * (s.length - 1))]! : 0;
  };
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length ? s[Math.floor(s.length / 2)]! : 0;
  };

  return {
    dataset: market.name,
    lastPeriod: market.periods[n - 1]!,
    categories,
    potential: {
      count: potential,
      categories: categoryPasses.filter(Boolean).length,
      month: market.periods[n - 1]!,
      benchmark: market.periods[n - 13]!,
    },
    launches,
    events: eventRows,
    channel: {
      maxPlatformShift: maxPlatform,
      maxBrandMixShift: maxBrand,
      platformShiftP95: p95(platformShifts),
      brandMixShiftP95: p95(brandShifts),
      brandMixOver20: brandShifts.filter((x) => x > 0.2).length,
      brandMixPairs: brandShifts.length,
      incumbentMixMax: incumbentShifts.reduce((m, x) => Math.max(m, x), 0),
      incumbentMixOver20: incumbentShifts.filter((x) => x > 0.2).length,
      incumbentMixPairs: incumbentShifts.length,
      brandMixTop: brandMoves.sort((a, b) => Math.abs(b.value) - Math.abs(a.value)).slice(0, 200),
      douyinMedianStep: douyinSteps.map(median),
    },
  };
}

const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} %`;
const pts = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} pts`;
const money = (x: number) => `${(x / 1e8).toFixed(2)} 亿`;

/** The report as Markdown (what `--report` prints and bench/results keeps). */
export function formatRealismReport(r: RealismReport, market: Market): string {
  const platformCode = new Map(market.dims.dim_platform.map((p) => [p.platform_id, p.code]));
  const brandName = new Map(market.dims.dim_brand.map((b) => [b.brand_id, b.name_en]));
  const windowLabel = (w: number) => {
    const end = market.periods.length - 1 - 12 * w;
    return `${market.periods[end - 11]!.slice(0, 7)}…${market.periods[end]!.slice(0, 7)}`;
  };
  const sorted = [...r.categories].sort((a, b) => b.yoy - a.yoy);
  const bands = [
    ['≥ +25 %', (x: number) => x >= 0.25],
    ['+10 … +25 %', (x: number) => x >= 0.1 && x < 0.25],
    ['0 … +10 %', (x: number) => x >= 0 && x < 0.1],
    ['−10 … 0 %', (x: number) => x >= -0.1 && x < 0],
    ['≤ −10 %', (x: number) => x < -0.1],
  ] as const;
  const lines: string[] = [];
  lines.push(`# Market realism: ${r.dataset}, scale ${market.scale}, seed ${market.seed}, as of ${market.asOf}`, '');
  lines.push(
    `Last complete period ${r.lastPeriod}; "last year" = the last 12 complete periods against the 12 before.`,
    '',
  );
  lines.push('## Level-2 category growth (sales, last year)', '', '| band | categories |', '| --- | ---: |');
  for (const [label, test] of bands) lines.push(`| ${label} | ${r.categories.filter((c) => test(c.yoy)).length} |`);
  lines.push('', '| category | sales yoy | units yoy | avg price yoy |', '| --- | ---: | ---: | ---: |');
  for (const c of [...sorted.slice(0, 6), ...sorted.slice(-6)])
    lines.push(`| ${c.level2} ${c.name} | ${pct(c.yoy)} | ${pct(c.unitsYoy)} | ${pct(c.priceYoy)} |`);
  lines.push('', '## Potential Brand defaults', '');
  lines.push(
    `Latest complete month ${r.potential.month} against ${r.potential.benchmark}: category (level 2) ≥ ¥100 M and ≥ +20 %, brand in the category ≥ ¥10 M and ≥ +30 % → **${r.potential.count} brands** in ${r.potential.categories} passing categories (independent plain-TS rule over the rows).`,
  );
  lines.push('', '## Launches into the top 20', '');
  lines.push(
    'Brands entering a level-2 category (first sale there from the second year of data on), by year, and how many were among its top 20 brands by monthly sales within 18 months:',
    '',
    `| year | ${r.launches.map((l) => l.year).join(' | ')} |`,
    `| --- | ${r.launches.map(() => '---:').join(' | ')} |`,
    `| entered | ${r.launches.map((l) => l.entered).join(' | ')} |`,
    `| top 20 within 18 months | ${r.launches.map((l) => l.top20).join(' | ')} |`,
  );
  lines.push('', '## Price × volume × mix (last year against the year before)', '');
  lines.push(
    '| category | sales yoy | units yoy | avg price yoy | price | volume | mix |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  const up = r.categories.filter((c) => c.priceYoy > 0 && c.unitsYoy < 0).sort((a, b) => b.priceYoy - a.priceYoy);
  const down = r.categories.filter((c) => c.priceYoy < 0 && c.unitsYoy > 0).sort((a, b) => a.priceYoy - b.priceYoy);
  for (const [label, list] of [
    ['trade-up', up.slice(0, 5)],
    ['trade-down', down.slice(0, 5)],
  ] as const) {
    for (const c of list)
      lines.push(
        `| ${label}: ${c.level2} ${c.name} | ${pct(c.yoy)} | ${pct(c.unitsYoy)} | ${pct(c.priceYoy)} | ${money(c.price)} | ${money(c.volume)} | ${money(c.mix)} |`,
      );
  }
  lines.push(
    '',
    '## Planted events',
    '',
    '| month | kind | brand | category | planted factor | brand ÷ rest of category, vs ±2 months |',
    '| --- | --- | --- | --- | ---: | ---: |',
  );
  for (const e of r.events)
    lines.push(
      `| ${e.month.slice(0, 7)} | ${e.kind} | ${e.brand} | ${e.category} | ×${e.factor.toFixed(2)} | ×${e.ratio.toFixed(2)} |`,
    );
  const ch = r.channel;
  lines.push('', '## Channel-shift pace (12-month windows, yoy)', '');
  lines.push(
    `- Largest move of one platform's share of a level-2 category: ${pts(ch.maxPlatformShift.value)} (${platformCode.get(ch.maxPlatformShift.platform)} in ${ch.maxPlatformShift.level2}, ${windowLabel(ch.maxPlatformShift.window)}).`,
  );
  lines.push(
    `- Largest move of a leading brand's own platform mix (top 5 of a level-2 category with ≥ 2 % of it; windows with a planted event left out): ${pts(ch.maxBrandMixShift.value)} (${brandName.get(ch.maxBrandMixShift.brand)} on ${platformCode.get(ch.maxBrandMixShift.platform)} in ${ch.maxBrandMixShift.level2}, ${windowLabel(ch.maxBrandMixShift.window)}).`,
  );
  lines.push(
    `- 95th percentile over all categories × years: platform share ${pts(ch.platformShiftP95)}; leading brand's platform mix ${pts(ch.brandMixShiftP95)} (${ch.brandMixOver20} of ${ch.brandMixPairs} leader-years move more than 20 pts).`,
  );
  lines.push(
    `- Incumbent leaders (selling in the category also the year before): largest move ${pts(ch.incumbentMixMax)}; ${ch.incumbentMixOver20} of ${ch.incumbentMixPairs} leader-years move more than 20 pts.`,
  );
  lines.push(
    `- Douyin's share of a level-2 category, median yearly change: ${ch.douyinMedianStep.map((x, i) => `${windowLabel(ch.douyinMedianStep.length - 1 - i)} ${pts(x)}`).join(', ')}.`,
  );
  return `${lines.join('\n')}\n`;
}

/** One year's extreme weeks of a weekly market, each with the calendar events it holds. */
export interface WeeklyPeakYear {
  year: number;
  /** Whether every week of the year is in the data (the first and last year may be cut). */
  complete: boolean;
  /** The two biggest weeks by sales and the smallest, as 'YYYY-MM-DD' (the Monday). */
  weeks: { rank: 'first' | 'second' | 'lowest'; week: string; sales: number; events: string[] }[];
}

/**
 * The biggest, second biggest and smallest week of every calendar year the weekly periods cover
 * at least half of, and which of the dataset's own calendar events (its `calendar_event` rows: a phase's peak
 * day, or the phase itself when it has none) fall in each — so the report shows whether the peaks
 * sit on the calendar. Computed from the fact rows and the calendar table only.
 */
export function weeklyPeaks(market: Market): WeeklyPeakYear[] {
  const weeks = market.periods.map((p) => parseDay(p)!);
  const sales = new Float64Array(weeks.length);
  for (const b of market.factBatches()) {
    let sum = 0;
    for (let i = 0; i < b.size; i++) sum += b.salesCents[i]!;
    sales[b.periodIndex]! += sum;
  }
  const calendar = market.dims.calendar_event;
  const overlapping = (monday: number, from: string, to: string) =>
    parseDay(from)! < monday + 7 && parseDay(to)! >= monday;
  // The events whose peak day is in the week; a week without one names the phases it is in.
  const eventsIn = (monday: number) => {
    const peaks = calendar.filter((e) => e.peak_date && overlapping(monday, e.peak_date, e.peak_date));
    const held = peaks.length > 0 ? peaks : calendar.filter((e) => overlapping(monday, e.start_date, e.end_date));
    return held.map((e) => (e.peak_date ? e.code : `${e.code} ${e.phase}`));
  };
  const years = [...new Set(weeks.map((w) => ymd(w).year))];
  const out: WeeklyPeakYear[] = [];
  for (const year of years) {
    // A week belongs to the year its Monday is in; a year with less than half its weeks is left out.
    const idx = weeks.flatMap((w, i) => (ymd(w).year === year ? [i] : []));
    const mondays = Math.round((dayOf(year + 1, 1, 1) - dayOf(year, 1, 1)) / 7);
    if (idx.length < mondays / 2) continue;
    const bySales = [...idx].sort((a, b) => sales[b]! - sales[a]!);
    const pick = (rank: WeeklyPeakYear['weeks'][number]['rank'], i: number) => ({
      rank,
      week: formatDay(weeks[i]!),
      sales: sales[i]! / CENT,
      events: eventsIn(weeks[i]!),
    });
    out.push({
      year,
      complete: idx.length >= mondays,
      weeks: [pick('first', bySales[0]!), pick('second', bySales[1]!), pick('lowest', bySales.at(-1)!)],
    });
  }
  return out;
}

/** The weekly peaks as a Markdown section of the report. */
export function formatWeeklyPeaks(peaks: readonly WeeklyPeakYear[], market: Market): string {
  const lines = [
    `## Weekly peaks against the calendar (${market.name}, ${market.periods[0]} … ${market.periods.at(-1)})`,
    '',
    'Per calendar year (part: not every week of it is in the data): the biggest, the second biggest and the smallest week by sales (its Monday), and the calendar events whose peak day it holds (or, without one, the phases it is in).',
    '',
    '| year | biggest week | second | smallest |',
    '| --- | --- | --- | --- |',
  ];
  const cell = (w: WeeklyPeakYear['weeks'][number]) => `${w.week}: ${w.events.join(', ') || '—'} (${money(w.sales)})`;
  for (const y of peaks) lines.push(`| ${y.year}${y.complete ? '' : ' (part)'} | ${y.weeks.map(cell).join(' | ')} |`);
  return `${lines.join('\n')}\n`;
}
