import { INSIGHT_ENDPOINTS, INSIGHT_SCHEMAS } from '@marketlens/shared/contracts';
import {
  attributesOverview,
  attributeValues,
  bandsValues,
  categoryValuations,
  channelsOverview,
  customAttributeValues,
  distribution,
  summary,
  top,
  trends,
  trendsList,
  valuationFactors,
} from '../../../analytics/pages/insight.js';
import { checkWeights, DEFAULT_VALUATION_WEIGHTS } from '../../../analytics/panels/valuation.js';
import { sendTop, sendValuation } from '../../../downloads/sheets.js';
import type { Area } from './register.js';

/**
 * Category Insight (/discover, docs/product.md §7): each endpoint of the shared table picks its own fields and
 * calls the page module (analytics/pages/insight.ts). Rules and figures: docs/pages/insight.md.
 */
export const insightArea: Area<typeof INSIGHT_SCHEMAS> = {
  tag: 'insight',
  endpoints: INSIGHT_ENDPOINTS,
  schemas: INSIGHT_SCHEMAS,
  summaries: {
    summary: 'Category Insight: market totals of the filter and their change',
    trends: 'Category Insight: monthly trend of a metric',
    trendsList: 'Category Insight: monthly trend of a metric per category, brand or band',
    distributions: 'Category Insight: distribution of a metric by category, brand or price band',
    attributes: 'Category Insight: overview of the product attributes and their value shares',
    attributeValues: 'Category Insight: metric by the values of one attribute (a dataset or a custom one)',
    bandsValues: 'Category Insight: metric by price band',
    channels: 'Category Insight: channel shares of a metric',
    top: 'Category Insight: top brands, shops or products',
    topDownload: 'Category Insight: download the top list (.xlsx)',
    valuationSettings: 'Category Insight: factors and default weights of the category valuation',
    valuations: 'Category Insight: category valuation with the default weights',
    customValuations: 'Category Insight: category valuation with custom weights',
    valuationDownload: 'Category Insight: download the category valuation (.xlsx)',
  },
  handlers: {
    summary: (a) => summary(a),
    trends: (a, b) => trends(a, b.metric ?? 'sales'),
    trendsList: (a, b) => trendsList(a, b.metric ?? 'sales', b.dimension ?? 'category'),
    distributions: (a, b) => distribution(a, b.metric ?? 'sales', b.dimension ?? 'category'),
    attributes: (a, b) => attributesOverview(a, b.metric ?? 'sales'),
    attributeValues: (a, b) =>
      b.custom_attribute !== undefined
        ? customAttributeValues(a, b.metric ?? 'sales', b.custom_attribute)
        : attributeValues(a, b.metric ?? 'sales', b.attribute),
    bandsValues: (a, b) => bandsValues(a, b.metric ?? 'sales'),
    channels: (a, b) => channelsOverview(a, b.metric ?? 'sales'),
    top: (a, b) => top(a, b.kind ?? 'brand', b.sort_by ?? 'sales'),
    topDownload: async (a, b, reply) => {
      const kind = b.kind ?? 'brand';
      return sendTop(reply, a, kind, (await top(a, kind, b.sort_by ?? 'sales')).items);
    },
    // The same for every project; the project in the query still has to be the user's.
    valuationSettings: async () => valuationFactors(),
    valuations: (a) => categoryValuations(a),
    // Weights are checked before any query: a negative one gets the message of docs/product.md §5.
    customValuations: (a, b) => categoryValuations(a, checkWeights(b.weights)),
    valuationDownload: async (a, b, reply) => {
      const weights = b.weights ? checkWeights(b.weights) : DEFAULT_VALUATION_WEIGHTS;
      return sendValuation(reply, a, (await categoryValuations(a, weights)).items);
    },
  },
};
