/**
 * Data access of the Category Insight page: the endpoints' wire types (type-only, from the shared
 * contract). The panels call the page's endpoints of `INSIGHT_ENDPOINTS` (@marketlens/shared/endpoints)
 * with useAnalysisQuery.
 */
import type {
  InsightAttributesData,
  InsightAttributeValuesData,
  InsightBandsValuesData,
  InsightDistributionData,
  InsightSummaryData,
  InsightTrendsData,
  InsightTrendsListData,
  InsightValuationData,
  InsightValuationSettingsData,
} from '@marketlens/shared/contracts';

export type SummaryData = InsightSummaryData;
export type TrendsData = InsightTrendsData;
export type TrendsListData = InsightTrendsListData;
export type DistributionData = InsightDistributionData;
export type DistributionRow = DistributionData['rows'][number];
export type AttributesData = InsightAttributesData;
export type AttributeValuesData = InsightAttributeValuesData;
export type BandsValuesData = InsightBandsValuesData;
export type ValuationData = InsightValuationData;
export type ValuationItem = ValuationData['items'][number];
export type ValuationWeights = ValuationData['weights'];
export type ValuationSettings = InsightValuationSettingsData;
export type FactorKey = keyof ValuationWeights;

/** The five valuation factors in display order. */
export const FACTORS: readonly FactorKey[] = ['market_size', 'growth', 'concentration', 'avg_price', 'new_brand'];
