/**
 * docs/product.md §5 checks of a filter being edited, with the shared validators (the server runs the same ones,
 * so the panel refuses exactly what the API would refuse, with the same words).
 */
import {
  MAX_ATTRIBUTE_VALUES,
  type MessageKey,
  parseSuperQuery,
  validateAttributeValueCount,
  validateBenchmarkPeriod,
  validateRange,
} from '@marketlens/shared';
import type { WebMessageKey } from '../i18n/locales.js';
import type { AnalysisFilter } from './filter.js';

/** A key of the web dictionaries (shared catalogue or web strings). */
export type AnyMessageKey = MessageKey | WebMessageKey;

/** A message key of the shared catalogue with its parameters. */
export interface FilterProblem {
  key: AnyMessageKey;
  params?: Record<string, string | number>;
}

export type FilterSection = 'price' | 'keywords' | 'attributes' | 'dateBefore' | 'date' | 'channelSources' | 'event';
export type FilterProblems = Partial<Record<FilterSection, FilterProblem>>;

/** Every problem of the filter by section; an empty object when it can be applied. */
export function checkFilter(f: AnalysisFilter): FilterProblems {
  const out: FilterProblems = {};
  const price = validateRange(f.bands);
  if (price) out.price = { key: price };

  const k = f.goodsKeywords;
  if (k.enable && k.input_type === 'super') {
    const text = Array.isArray(k.value) ? k.value.join(' ') : k.value;
    if (text.trim()) {
      const parsed = parseSuperQuery(text);
      // The server's words: the message with the 1-based position of the problem.
      if (!parsed.ok)
        out.keywords = { key: 'superQuery.invalidFormatAt', params: { position: parsed.error.position + 1 } };
    }
  }

  for (const values of [...Object.values(f.attributes), ...f.newAttributes.map((a) => a.values)]) {
    const tooMany = validateAttributeValueCount(values);
    if (tooMany) {
      out.attributes = { key: tooMany, params: { max: MAX_ATTRIBUTE_VALUES } };
      break;
    }
  }

  // docs/product.md §5: "Channel source requires a shop selection first."
  if (f.channelSources.length > 0 && f.shops.length === 0)
    out.channelSources = { key: 'analysis.filter.sourceNeedsShop' };

  if (f.date && f.date[0] > f.date[1]) out.date = { key: 'validation.period.invalid' };
  if (f.selector === 'custom') {
    if (!f.dateBefore) out.dateBefore = { key: 'analysis.filter.benchmarkRequired' };
    else if (f.date) {
      const problem = validateBenchmarkPeriod(
        { start: f.dateBefore[0], end: f.dateBefore[1] },
        { start: f.date[0], end: f.date[1] },
      );
      if (problem) out.dateBefore = { key: problem };
    }
  }
  if (f.selector === 'event' && !f.event) out.event = { key: 'analytics.event.required' };
  return out;
}
