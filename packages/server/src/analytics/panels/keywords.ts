import { heatIndices, type WireLocale } from '@marketlens/shared';
import type { Dimension, KeywordLang } from '../engine/model.js';
import type { AnalysisRequest } from '../request.js';

/**
 * Title words (sku_keyword, one language) of the filtered products weighted by sales: the word
 * cloud of Trend Overview and the related words of a concept. Words are compared NFKC-normalised,
 * trimmed and in lower case, as hidden words are stored.
 */

export function normaliseKeyword(word: string): string {
  return word.normalize('NFKC').trim().toLowerCase();
}

/** The `limit` best-selling words not in `exclude` (normalised), with heat (100 = the first). */
export async function topWords(
  a: AnalysisRequest,
  lang: KeywordLang,
  opts: { exclude: ReadonlySet<string>; limit: number },
) {
  const dim: Dimension = `keyword:${lang}`;
  const result = await a.query({
    dimensions: [dim],
    measures: ['sales'],
    comparison: { kind: 'none' },
    sort: { by: 'sales', desc: true },
    // Enough rows that the list is still full after the excluded words are left out.
    limit: opts.limit + opts.exclude.size,
  });
  const words = result.rows
    .map((r) => ({ keyword: String(r.keys[dim]), sales: r.sales }))
    .filter((w) => w.sales > 0 && !opts.exclude.has(normaliseKeyword(w.keyword)))
    .slice(0, opts.limit);
  const heat = heatIndices(words.map((w) => w.sales));
  return words.map((w, i) => ({ ...w, heat: heat[i] ?? 0 }));
}

/** The title language of a request's locale (en_us → English titles, everything else Chinese). */
export function keywordLangOf(locale: WireLocale): KeywordLang {
  return locale === 'en_us' ? 'en' : 'zh';
}
