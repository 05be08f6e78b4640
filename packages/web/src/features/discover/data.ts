/**
 * Data access of the Category Insight page: the endpoints' wire types (type-only, from the shared
 * contract) and the query hook that turns the answer's `{ code, msg }` warnings into message keys
 * for PanelCard.
 */
import type {
  InsightAttributesData,
  InsightAttributeValuesData,
  InsightBandsValuesData,
  InsightChannelsOverviewData,
  InsightDistributionData,
  InsightSummaryData,
  InsightTopData,
  InsightTrendsData,
  InsightTrendsListData,
  InsightValuationData,
  InsightValuationSettingsData,
} from '@marketlens/shared/contracts';
import { type AnalysisQueryResult, useAnalysisQuery } from '../../shared/analysis/index.js';
import type { Params } from '../../shared/api/request.js';

export type SummaryData = InsightSummaryData;
export type TrendsData = InsightTrendsData;
export type TrendsListData = InsightTrendsListData;
export type DistributionData = InsightDistributionData;
export type DistributionRow = DistributionData['rows'][number];
export type AttributesData = InsightAttributesData;
export type AttributeValuesData = InsightAttributeValuesData;
export type BandsValuesData = InsightBandsValuesData;
export type ChannelsData = InsightChannelsOverviewData;
export type TopData = InsightTopData;
export type TopRow = TopData['items'][number];
export type TopKind = TopData['kind'];
export type ValuationData = InsightValuationData;
export type ValuationItem = ValuationData['items'][number];
export type ValuationWeights = ValuationData['weights'];
export type ValuationSettings = InsightValuationSettingsData;
export type FactorKey = keyof ValuationWeights;

/** The five valuation factors in display order. */
export const FACTORS: readonly FactorKey[] = ['market_size', 'growth', 'concentration', 'avg_price', 'new_brand'];

/** Message keys of an answer's warnings ({ code, msg } on the insight endpoints). */
export function warningCodes(data: unknown): string[] {
  const list = data && typeof data === 'object' ? (data as { warnings?: unknown }).warnings : undefined;
  if (!Array.isArray(list)) return [];
  return [
    ...new Set(
      list.flatMap((w) =>
        typeof w === 'string' ? [w] : w && typeof w === 'object' && typeof w.code === 'string' ? [w.code] : [],
      ),
    ),
  ];
}

/** useAnalysisQuery for an insight endpoint, with the warning keys read from the `{ code, msg }` list. */
export function useInsightQuery<T>(path: string, body?: Params, enabled = true): AnalysisQueryResult<T> {
  const q = useAnalysisQuery<T>(path, body, { enabled });
  return { ...q, warnings: warningCodes(q.data) } as AnalysisQueryResult<T>;
}
