import { type CoverageGap, type DateRange, type Granularity, periodLabel } from '@marketlens/shared';
import { Alert } from 'antd';
import type { TFunction } from 'i18next';
import { type CSSProperties, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTableDate } from '../reference.js';
import { gapRuns, type TableCoverage, tableRangeGaps } from '../timeAxis.js';
import { useAnalysisFilter } from '../useAnalysisFilter.js';

/**
 * The warning naming the periods of a range that are not complete, in runs of one reason:
 * "2018-10 … 2020-03 missing (18 months); 2020-04 sparse" (weeks by their label, 2020-W14). Empty
 * without gaps. The runs are joined by the language's punctuation, which has no words to translate.
 */
export function coverageText(gaps: readonly CoverageGap[], g: Granularity, t: TFunction, language: string): string {
  if (gaps.length === 0) return '';
  const runs = gapRuns(gaps, g).map((r) => {
    if (r.count === 1) return t(`analysis.coverage.runOne.${r.state}`, { period: periodLabel(r.start, g) });
    return t(`analysis.coverage.run.${r.state}`, {
      start: periodLabel(r.start, g),
      end: periodLabel(r.end, g),
      length: t(g === 'week' ? 'analysis.coverage.weeks' : 'analysis.coverage.months', { count: r.count }),
    });
  });
  return t('analysis.coverage.warning', { runs: runs.join(language === 'en' ? '; ' : '；') });
}

/**
 * The incomplete periods of several ranges (a search's target and its benchmark), each once, oldest
 * first (timeAxis.ts `tableRangeGaps` for each).
 */
export function rangesGaps(table: TableCoverage, ranges: readonly DateRange[], g: Granularity): CoverageGap[] {
  const byPeriod = new Map<string, CoverageGap>();
  for (const r of ranges) for (const gap of tableRangeGaps(table, r, g)) byPeriod.set(gap.period, gap);
  return [...byPeriod.values()].sort((a, b) => a.period.localeCompare(b.period));
}

/**
 * docs/product.md §4 "Coverage of the data": on every analysis page, under its filter, one warning when the
 * applied range holds missing, sparse or partial periods (before the dataset's first or after its latest
 * period counts as missing). A page with its own search instead of the shared filter (Potential Brand)
 * passes the `ranges` it searches (first and last period each).
 */
export function CoverageWarning({ ranges, style }: { ranges?: readonly DateRange[]; style?: CSSProperties } = {}) {
  const { t, i18n } = useTranslation();
  const applied = useAnalysisFilter();
  const table = useTableDate();
  const { granularity } = applied;
  const gaps = useMemo(
    () => (ranges ? (table.data ? rangesGaps(table.data, ranges, granularity) : []) : applied.gaps),
    [ranges, table.data, granularity, applied.gaps],
  );
  if (gaps.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={coverageText(gaps, granularity, t, i18n.language)}
      style={{ marginBottom: 12, ...style }}
      data-testid="coverage-warning"
    />
  );
}
