import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeFilter,
  emptyFilter,
  encodeFilter,
  eventPickOf,
  toWire,
  URL_PARAMS,
} from '../src/shared/analysis/filter.js';
import { editionsOf, eventComparisonOf } from '../src/shared/analysis/useEventEditions.js';
import { checkFilter } from '../src/shared/analysis/validate.js';

const decode = (search: string) => decodeFilter(new URLSearchParams(search));

const code = fc.stringMatching(/^[a-z][a-z0-9_]{0,20}$/);
const pick = fc.record({
  code,
  year: fc.integer({ min: 2000, max: 2099 }),
  back: fc.integer({ min: 1, max: 10 }),
});

describe('"same event" in the URL', () => {
  it('round-trips every event pick, stably (property)', () => {
    fc.assert(
      fc.property(pick, (event) => {
        const f = { ...emptyFilter(), selector: 'event' as const, event };
        const search = encodeFilter(f);
        expect(decode(search)).toEqual(f);
        expect(encodeFilter(decode(search))).toBe(search);
      }),
      { numRuns: 200 },
    );
  });

  it('is compact: one year back is left out', () => {
    const f = { ...emptyFilter(), selector: 'event' as const, event: { code: 'double11', year: 2025, back: 1 } };
    expect(encodeFilter(f)).toBe('?vs=event&ev=double11:2025');
    expect(encodeFilter({ ...f, event: { ...f.event, back: 3 } })).toBe('?vs=event&ev=double11:2025:3');
    expect(URL_PARAMS.event).toBe('ev');
  });

  it('keeps the page own params first and the event after the selector', () => {
    const keep = new URLSearchParams('tab=brands&vs=yoy');
    const f = { ...emptyFilter(), date: ['2025-01-01', '2025-06-01'] as const, selector: 'event' as const };
    f.event = { code: 'spring_festival', year: 2025, back: 2 };
    expect(encodeFilter(f, keep)).toBe('?tab=brands&t=2025-01-01,2025-06-01&vs=event&ev=spring_festival:2025:2');
  });

  it('ignores invalid event values: the default comparison stays', () => {
    for (const bad of [
      'vs=event',
      'vs=event&ev=',
      'vs=event&ev=double11',
      'vs=event&ev=double11:25',
      'vs=event&ev=double11:2025:0',
      'vs=event&ev=double11:2025:11',
      'vs=event&ev=double11:2025:1:9',
      'vs=event&ev=double 11:2025',
      'vs=event&ev=%3Cb%3E:2025',
      // An event without the event selector is no event comparison.
      'vs=yoy&ev=double11:2025',
      'ev=double11:2025',
    ]) {
      const f = decode(bad);
      expect(f.event, bad).toBeNull();
      expect(f.selector, bad).toBe(bad.startsWith('vs=yoy') ? 'yoy' : 'mom');
    }
    expect(eventPickOf('double11:2025:10')).toEqual({ code: 'double11', year: 2025, back: 10 });
  });

  it('switching to another selector drops the event from the URL', () => {
    const f = { ...emptyFilter(), selector: 'yoy' as const, event: { code: 'double11', year: 2025, back: 1 } };
    expect(encodeFilter(f)).toBe('?vs=yoy');
  });

  it('sends selector event with the pick on the wire', () => {
    const f = { ...emptyFilter(), date: ['2025-10-01', '2025-11-01'] as const, selector: 'event' as const };
    f.event = { code: 'double11', year: 2025, back: 2 };
    expect(toWire(f)).toEqual({
      date: ['2025-10-01', '2025-11-01'],
      selector: 'event',
      event: { code: 'double11', year: 2025, back: 2 },
    });
    expect(toWire({ ...f, selector: 'mom' })).toEqual({ date: ['2025-10-01', '2025-11-01'], selector: 'mom' });
  });

  it('the panel asks for an event before Apply', () => {
    expect(checkFilter({ ...emptyFilter(), selector: 'event' }).event).toEqual({ key: 'analytics.event.required' });
    expect(
      checkFilter({ ...emptyFilter(), selector: 'event', event: { code: 'double11', year: 2025, back: 1 } }).event,
    ).toBeUndefined();
  });
});

describe('the derived range', () => {
  const row = (year: number, phase: string, start: string, end: string, peak: string | null) => ({
    id: null,
    source: 'dataset' as const,
    code: 'double11',
    year,
    phase,
    name_zh: '双11',
    name_en: 'Double 11',
    kind: 'promotion',
    start_date: start,
    end_date: end,
    peak_date: peak,
    platforms: [],
    brand_id: null,
    brand_name_zh: '',
    brand_name_en: '',
    category_id: null,
    category_name_zh: '',
    category_name_en: '',
    note: '',
    created_by: null,
    created_at: null,
    updated_at: null,
  });
  const list = {
    can_edit: false,
    items: [
      row(2024, 'presale', '2024-10-20', '2024-10-31', null),
      row(2024, 'peak', '2024-11-11', '2024-11-11', '2024-11-11'),
      row(2025, 'presale', '2025-10-20', '2025-10-31', null),
      row(2025, 'peak', '2025-11-11', '2025-11-11', '2025-11-11'),
      // An own event is no edition of the calendar.
      {
        ...row(2025, 'x', '2025-06-01', '2025-06-02', null),
        id: 7,
        source: 'project' as const,
        year: null,
        phase: null,
      },
    ],
  };

  it('is the months (or Mondays) covering the edition, from the events list', () => {
    const editions = editionsOf(list);
    expect(editions.map((e) => `${e.code} ${e.year}`)).toEqual(['double11 2024', 'double11 2025']);
    const monthly = eventComparisonOf(editions, { code: 'double11', year: 2025, back: 1 }, 'month');
    expect(monthly).toMatchObject({ range: { start: '2025-10-01', end: '2025-11-01' }, approximate: true });
    const weekly = eventComparisonOf(editions, { code: 'double11', year: 2025, back: 1 }, 'week');
    expect(weekly).toMatchObject({
      range: { start: '2025-10-20', end: '2025-11-10' },
      baseRange: { start: '2024-10-21', end: '2024-11-11' },
    });
    expect(eventComparisonOf(editions, null, 'month')).toBeUndefined();
    expect(eventComparisonOf(undefined, { code: 'double11', year: 2025, back: 1 }, 'month')).toBeUndefined();
  });
});
