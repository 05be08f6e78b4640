import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AnalysisFilter,
  decodeFilter,
  defaultDateRange,
  emptyFilter,
  encodeFilter,
  toWire,
} from '../src/shared/analysis/filter.js';
import { makeFormatters } from '../src/shared/analysis/useFormatters.js';
import { checkFilter } from '../src/shared/analysis/validate.js';
import { wordCloudOption } from '../src/shared/analysis/wordCloudOption.js';

const decode = (search: string) => decodeFilter(new URLSearchParams(search));

// Generators of filters in canonical form (what the panel can produce): unique ids, trimmed words
// without separators, months as period starts.
const word = fc.stringMatching(/^[a-z\u4e00-\u4e2f]{1,6}$/);
const id = fc.integer({ min: 1, max: 999_999 });
const month = fc
  .tuple(fc.integer({ min: 2017, max: 2026 }), fc.integer({ min: 1, max: 12 }))
  .map(([y, m]) => `${y}-${String(m).padStart(2, '0')}-01`);
const pair = fc.tuple(month, month).map(([a, b]) => (a <= b ? [a, b] : [b, a]) as [string, string]);
const price = fc.oneof(fc.constant(''), fc.integer({ min: 0, max: 99999 }).map(String), fc.constant('12.5'));
const attrValue = fc
  .stringMatching(/^[A-Za-z0-9 \u4e00-\u4e2f:,&=?%+#-]{1,10}$/)
  .filter((v) => v.trim() === v && v !== '');

const filterArb: fc.Arbitrary<AnalysisFilter> = fc
  .record({
    mode: fc.constantFrom('none', 'category', 'sql'),
    categories: fc.uniqueArray(id, { minLength: 1, maxLength: 5 }),
    sql: fc.constantFrom("brand_id IN (1, 2) AND title LIKE '%口红%'", 'price >= 100 & x = "a,b"'),
    channels: fc.uniqueArray(
      fc.oneof(
        fc.integer({ min: 1, max: 99 }).map(String),
        fc
          .tuple(fc.integer({ min: 1, max: 99 }), fc.constantFrom('flagship', 'global', 'self_run'))
          .map(([p, c]) => `${p},${c}`),
      ),
      { maxLength: 4 },
    ),
    brands: fc.uniqueArray(id, { maxLength: 5 }),
    shops: fc.uniqueArray(
      fc.tuple(fc.integer({ min: 1, max: 99 }), id).map(([p, s]) => `${p},${s}`),
      { maxLength: 3 },
    ),
    keywordMode: fc.constantFrom('none', 'keyword', 'super'),
    words: fc.uniqueArray(word, { minLength: 1, maxLength: 4 }),
    condition: fc.constantFrom('AND', 'OR'),
    attributes: fc.dictionary(
      fc.constantFrom('skin', 'texture', 'size'),
      fc.uniqueArray(attrValue, { minLength: 1, maxLength: 10 }),
    ),
    newAttributes: fc.uniqueArray(
      fc.record({ id, values: fc.uniqueArray(attrValue, { minLength: 1, maxLength: 3 }) }),
      { selector: (a) => a.id, maxLength: 2 },
    ),
    descriptions: fc.uniqueArray(word, { maxLength: 3 }),
    bands: fc.tuple(price, price),
    fav: fc.boolean(),
    date: fc.option(pair, { nil: null }),
    selector: fc.constantFrom('mom', 'yoy', 'custom'),
    dateBefore: fc.option(pair, { nil: null }),
  })
  .map((r) => {
    const f = emptyFilter();
    if (r.mode === 'category') f.category = { enable: true, value: r.categories };
    if (r.mode === 'sql') f.sql = { enable: true, value: r.sql };
    f.channels = r.channels;
    f.brands = r.brands;
    f.shops = r.shops;
    if (r.keywordMode === 'keyword')
      f.goodsKeywords = {
        enable: true,
        input_type: 'keyword',
        condition_type: r.condition as 'AND' | 'OR',
        value: r.words,
      };
    if (r.keywordMode === 'super')
      f.goodsKeywords = {
        enable: true,
        input_type: 'super',
        condition_type: 'AND',
        value: `"${r.words.join('" or "')}"`,
      };
    f.attributes = r.attributes;
    f.newAttributes = r.newAttributes;
    f.descriptions = r.descriptions;
    f.bands = r.bands;
    f.isFollowConcernedBrands = r.fav;
    f.date = r.date;
    f.selector = r.selector as AnalysisFilter['selector'];
    f.dateBefore = r.selector === 'custom' ? r.dateBefore : null;
    return f;
  });

describe('analysis filter URL codec', () => {
  it('round-trips every canonical filter through the URL (property)', () => {
    fc.assert(
      fc.property(filterArb, (f) => {
        const search = encodeFilter(f);
        expect(decode(search)).toEqual(f);
        // Stable: encoding the decoded filter gives the same string.
        expect(encodeFilter(decode(search))).toBe(search);
      }),
      { numRuns: 300 },
    );
  });

  it('the empty filter is an empty query; defaults are left out', () => {
    expect(encodeFilter(emptyFilter())).toBe('');
    expect(decode('')).toEqual(emptyFilter());
    expect(emptyFilter().selector).toBe('mom');
  });

  it('writes a compact, readable query and keeps the page own params first', () => {
    const f = emptyFilter();
    f.date = ['2024-01-01', '2024-12-01'];
    f.category = { enable: true, value: [12, 34] };
    f.channels = ['1,flagship', '2'];
    f.bands = ['', '200'];
    f.selector = 'yoy';
    expect(encodeFilter(f, new URLSearchParams('tab=brands&c=99'))).toBe(
      '?tab=brands&t=2024-01-01,2024-12-01&vs=yoy&c=12,34&ch=1:flagship,2&p=,200',
    );
  });

  it('ignores unknown and invalid params and falls back to defaults', () => {
    const f = decode(
      '?t=2024-13-01,2024-02-01&vs=weekly&c=a,12,12,-3&ch=x,1:Bad,3:global&b=1.5,7&s=1,2:3&p=-1,5&fav=yes&zzz=1&bt=2023-01-01,2023-02-01&a=novalue&a=:x&na=0:v&na=2:ok',
    );
    expect(f.date).toBeNull();
    expect(f.selector).toBe('mom');
    expect(f.dateBefore).toBeNull(); // only with the custom selector
    expect(f.category).toEqual({ enable: true, value: [12] });
    expect(f.channels).toEqual(['3,global']);
    expect(f.brands).toEqual([7]);
    expect(f.shops).toEqual(['2,3']);
    expect(f.bands).toEqual(['', '']);
    expect(f.isFollowConcernedBrands).toBe(false);
    expect(f.attributes).toEqual({});
    expect(f.newAttributes).toEqual([{ id: 2, values: ['ok'] }]);
    expect(decode('?t=2024-03-01,2024-01-01').date).toBeNull(); // start after end
  });

  it('categories and custom SQL are exclusive; a hand-made URL with both keeps the categories', () => {
    const f = decode('?c=5&sql=brand_id%20%3D%201');
    expect(f.category).toEqual({ enable: true, value: [5] });
    expect(f.sql.enable).toBe(false);
    expect(decode('?sql=brand_id%20%3D%201').sql).toEqual({ enable: true, value: 'brand_id = 1' });
  });
});

describe('wire form (server FilterFields)', () => {
  it('sends only the set parts, in the server shape', () => {
    const f = decode(
      '?t=2024-01-01,2024-06-01&vs=custom&bt=2023-01-01,2023-06-01&c=3,4&ch=1:flagship,2&b=9&s=1:77&kw=口红,哑光&op=or&a=skin:干皮&a=skin:油皮&na=4:x&w=保湿&p=10,&fav=1',
    );
    expect(toWire({ ...f, date: f.date! })).toEqual({
      date: ['2024-01-01', '2024-06-01'],
      selector: 'custom',
      dateBefore: ['2023-01-01', '2023-06-01'],
      category: { enable: true, value: [3, 4] },
      channels: ['1,flagship', '2'],
      brands: [9],
      shops: ['1,77'],
      goodsKeywords: { enable: true, input_type: 'keyword', condition_type: 'OR', value: ['口红', '哑光'] },
      attributes: { skin: ['干皮', '油皮'] },
      newAttributes: [{ id: 4, values: ['x'] }],
      descriptions: ['保湿'],
      bands: [10, null],
      isFollowConcernedBrands: true,
    });
    expect(toWire({ ...emptyFilter(), date: ['2024-01-01', '2024-01-01'] })).toEqual({
      date: ['2024-01-01', '2024-01-01'],
      selector: 'mom',
    });
    const sq = decode('?t=2024-01-01,2024-01-01&sq=%22a%22%20or%20%22b%22');
    expect(toWire({ ...sq, date: sq.date! }).goodsKeywords).toEqual({
      enable: true,
      input_type: 'super',
      value: '"a" or "b"',
    });
  });
});

describe('default period range', () => {
  it('is the latest 12 months, not before the first', () => {
    expect(defaultDateRange({ farthest_date: '2017-01-01', latest_date: '2024-06-01' }, 'month')).toEqual([
      '2023-07-01',
      '2024-06-01',
    ]);
    expect(defaultDateRange({ farthest_date: '2024-03-01', latest_date: '2024-06-01' }, 'month')).toEqual([
      '2024-03-01',
      '2024-06-01',
    ]);
  });
  it('is the latest 13 weeks (Mondays) for a weekly project', () => {
    // 2024-06-05 is a Wednesday; its week starts Monday 2024-06-03.
    expect(defaultDateRange({ farthest_date: '2020-01-06', latest_date: '2024-06-05' }, 'week')).toEqual([
      '2024-03-11',
      '2024-06-03',
    ]);
  });
});

describe('filter checks (docs/product.md §5)', () => {
  const base = () => ({ ...emptyFilter(), date: ['2024-01-01', '2024-06-01'] as const });
  it('price band: negatives, order, not a number', () => {
    expect(checkFilter({ ...base(), bands: ['-1', '5'] }).price?.key).toBe('validation.range.negative');
    expect(checkFilter({ ...base(), bands: ['10', '5'] }).price?.key).toBe('validation.range.order');
    expect(checkFilter({ ...base(), bands: ['abc', ''] }).price?.key).toBe('validation.range.notNumber');
    expect(checkFilter({ ...base(), bands: ['5', '5'] })).toEqual({});
  });
  it('super query with its position, attribute limit, benchmark period', () => {
    const sq = checkFilter({
      ...base(),
      goodsKeywords: { enable: true, input_type: 'super', condition_type: 'AND', value: '"a" and' },
    });
    expect(sq.keywords?.key).toBe('superQuery.invalidFormatAt');
    expect(sq.keywords?.params?.position).toBeGreaterThan(1);
    const eleven = Array.from({ length: 11 }, (_, i) => `v${i}`);
    expect(checkFilter({ ...base(), attributes: { skin: eleven } }).attributes).toEqual({
      key: 'validation.attributeValues.tooMany',
      params: { max: 10 },
    });
    expect(checkFilter({ ...base(), attributes: { skin: eleven.slice(1) } })).toEqual({});
    expect(
      checkFilter({ ...base(), selector: 'custom', dateBefore: ['2024-01-01', '2024-06-01'] }).dateBefore?.key,
    ).toBe('validation.period.benchmarkNotEarlier');
    expect(checkFilter({ ...base(), selector: 'custom', dateBefore: ['2023-01-01', '2023-06-01'] })).toEqual({});
    expect(checkFilter({ ...base(), selector: 'custom' }).dateBefore?.key).toBe('analysis.filter.benchmarkRequired');
  });
});

describe('word cloud option', () => {
  it('drops blank and invalid words, keeps the heaviest duplicate, sorts and cuts', () => {
    const option = wordCloudOption(
      [
        { text: ' 口红 ', weight: 5 },
        { text: '口红', weight: 9 },
        { text: '', weight: 100 },
        { text: '哑光', weight: Number.NaN },
        { text: '丝绒', weight: 7 },
        { text: '小样', weight: 1 },
      ],
      { max: 2, sizeRange: [10, 40] },
    );
    const series = option.series[0]!;
    expect(series.type).toBe('wordCloud');
    expect(series.sizeRange).toEqual([10, 40]);
    expect(series.data.map((d) => [d.name, d.value])).toEqual([
      ['口红', 9],
      ['丝绒', 7],
    ]);
    expect(series.data[0]!.textStyle.color).not.toBe(series.data[1]!.textStyle.color);
  });
});

describe('formatters', () => {
  it('bind the currency, the locale and the granularity to the shared rules', () => {
    const en = makeFormatters('en', '$', 'week');
    expect(en.money(1_234_567)).toBe('$1\u202F235K');
    expect(en.number(5)).toBe('<10');
    expect(en.metric('count', 12_000)).toBe('12K');
    expect(en.ratio(0.256)).toBe('26%');
    expect(en.percent(25_000)).toBe('250 times higher');
    expect(en.shareRatio(0.1234)).toBe('12.3%');
    expect(en.period('2024-01-03')).toBe('2024-W01');
    const zh = makeFormatters('zh-CN', '¥', 'month');
    expect(zh.percent(25_000)).toBe('高250倍');
    expect(zh.period('2024-03-01')).toBe('2024-03');
  });
});
