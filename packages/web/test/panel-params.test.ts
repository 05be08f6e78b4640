// @vitest-environment node
/** The URL form of panel switches (shared/analysis/panelParams.ts) and the pages' declarations. */
import { describe, expect, it } from 'vitest';
import { BRAND_PARAMS } from '../src/features/brand/params.js';
import { CONTRAST_PARAMS } from '../src/features/contrast/params.js';
import { DISCOVER_PARAMS } from '../src/features/discover/params.js';
import { FAVORITE_PARAMS } from '../src/features/favorite-brand/params.js';
import { HOT_PARAMS } from '../src/features/hot/params.js';
import { URL_PARAMS } from '../src/shared/analysis/filter.js';
import {
  choice,
  idParam,
  numbersParam,
  optionalChoice,
  panelParams,
  readParam,
  writeParam,
} from '../src/shared/analysis/panelParams.js';

const metric = choice('tm', ['sales', 'count', 'avg_price'] as const, 'sales');

describe('panel params', () => {
  it('leaves the default out of the URL and keeps the other params in their order', () => {
    expect(writeParam(metric, '?c=1,2&tm=count', 'sales')).toBe('?c=1,2');
    expect(writeParam(metric, '?c=1,2', 'count')).toBe('?c=1,2&tm=count');
    expect(writeParam(metric, '?tm=count&c=1,2&s=1:77', 'avg_price')).toBe('?tm=avg_price&c=1,2&s=1:77');
    expect(writeParam(metric, '?tm=count', 'sales')).toBe('');
  });

  it('reads a missing or invalid value as the default', () => {
    expect(readParam(metric, '')).toBe('sales');
    expect(readParam(metric, '?tm=count')).toBe('count');
    expect(readParam(metric, '?tm=revenue')).toBe('sales');
    expect(readParam(choice('cl', [1, 2, 3] as const, 3), '?cl=1')).toBe(1);
    expect(readParam(choice('cl', [1, 2, 3] as const, 3), '?cl=4')).toBe(3);
    expect(readParam(idParam('brand'), '?brand=12')).toBe(12);
    expect(readParam(idParam('brand'), '?brand=x1')).toBeNull();
    expect(readParam(optionalChoice('tc', ['mom', 'yoy'] as const), '?tc=custom')).toBeNull();
  });

  it('round-trips every value of a switch', () => {
    for (const v of ['sales', 'count', 'avg_price'] as const)
      expect(readParam(metric, writeParam(metric, '', v))).toBe(v);
    const weights = numbersParam('vw', 5);
    expect(readParam(weights, writeParam(weights, '', [30, 0, 20, 10.5, 15]))).toEqual([30, 0, 20, 10.5, 15]);
    expect(readParam(weights, '?vw=1,2,3')).toBeNull();
    expect(readParam(weights, '?vw=1,2,3,4,-5')).toBeNull();
  });

  it('refuses a name of the filter or a name used twice', () => {
    expect(() => panelParams({ x: choice('c', ['a'], 'a') })).toThrow(/filter param/);
    expect(() => panelParams({ x: choice('q', ['a'], 'a'), y: idParam('q') })).toThrow(/twice/);
    expect(() => panelParams({ x: idParam('brand') }, ['brand'])).toThrow(/twice/);
  });

  it('the pages’ switches use names of their own', () => {
    const filter = new Set<string>(Object.values(URL_PARAMS));
    for (const page of [DISCOVER_PARAMS, BRAND_PARAMS, HOT_PARAMS, CONTRAST_PARAMS, FAVORITE_PARAMS]) {
      const names = Object.values(page).map((p) => p.name);
      expect(new Set(names).size).toBe(names.length);
      expect(names.filter((n) => filter.has(n))).toEqual([]);
    }
  });
});
