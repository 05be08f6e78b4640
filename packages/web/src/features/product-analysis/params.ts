import type { ProductTrendBy } from '@marketlens/shared/contracts';
import { DEFAULT_METRIC, METRICS, SORTS } from '../../shared/analysis/metrics.js';
// The pure modules, not the frame's index: the declarations load without React (and in node tests).
import { choice, type PanelParam, panelParams, textParam } from '../../shared/analysis/panelParams.js';

/** The contract's PRODUCT_TREND_BY (contracts are imported type-only: no TypeBox in the bundle). */
export const TREND_BY: readonly ProductTrendBy[] = ['total', 'product', 'series'];
export const PRICE_VIEWS = ['prices', 'bands'] as const;
/** The contract's MAX_SELECTED_PRODUCTS / MAX_SELECTED_SERIES. */
export const MAX_PRODUCTS = 50;
export const MAX_SERIES = 10;
export const PAGE_SIZE = 20;

/** A list of product ids ('12,34'); empty = none. Ids beyond the limit are dropped. */
function idsParam(name: string, max: number): PanelParam<number[]> {
  return {
    name,
    fallback: [],
    parse: (raw) => {
      const parts = raw.split(',');
      if (!parts.every((p) => /^\d{1,15}$/.test(p))) return undefined;
      return [...new Set(parts.map(Number))].slice(0, max);
    },
    format: (v) => v.join(','),
    history: 'push',
  };
}

/** A list of names, comma-separated (a comma or percent sign inside a name escaped as %2C / %25); empty = none. */
function namesParam(name: string, max: number): PanelParam<string[]> {
  return {
    name,
    fallback: [],
    parse: (raw) => {
      try {
        const names = raw.split(',').map(decodeURIComponent);
        if (names.some((n) => n.length === 0 || n.length > 100)) return undefined;
        return [...new Set(names)].slice(0, max);
      } catch {
        return undefined;
      }
    },
    format: (v) => v.map((n) => n.replace(/%/g, '%25').replace(/,/g, '%2C')).join(','),
    history: 'push',
  };
}

/** A page number (1 = the first, left out of the URL). */
function pageParam(name: string): PanelParam<number> {
  return {
    name,
    fallback: 1,
    parse: (raw) => (/^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : undefined),
    format: String,
    history: 'push',
  };
}

/** The selection and every switch of Product Analysis in the URL (names beside the filter's; defaults left out). */
export const PRODUCT_PARAMS = panelParams({
  /** The chosen products (SKU ids) and series (names): their union is what the page analyses. */
  products: idsParam('sp', MAX_PRODUCTS),
  series: namesParam('ss', MAX_SERIES),
  trendBy: choice('tb', TREND_BY, 'total'),
  trendMetric: choice('tm', METRICS, DEFAULT_METRIC),
  priceView: choice('pv', PRICE_VIEWS, 'prices'),
  sort: choice('ps', SORTS, 'sales'),
  page: pageParam('pg'),
  /** The chosen series the series panel shows (absent = the first chosen). */
  seriesShown: textParam('si', 100),
});
