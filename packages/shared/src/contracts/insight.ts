/**
 * Wire contract of the insight page endpoints (TypeBox schemas of the `data` each answers): the server
 * validates and documents with them, the web reads their `Static` types (type-only imports).
 * Definitions of every figure: docs/pages/insight.md. Ratios (share, growth) are 0.25 = 25 %.
 */
import { type Static, type TSchema, Type } from 'typebox';
import { DataScopeId, FigureFlags, FilterBody, LocaleField, Warnings } from './common.js';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const MaybeNumber = Nullable(Type.Number());

export const InsightRange = Type.Object({ start: Type.String(), end: Type.String() });

/** Growth of each measure against the comparison base; null = no value ("-"). */
export const InsightGrowth = Type.Object({ sales: MaybeNumber, count: MaybeNumber, avg_price: MaybeNumber });

export const InsightMetricName = Type.Union([Type.Literal('sales'), Type.Literal('count'), Type.Literal('avg_price')]);

const Totals = { sales: Type.Number(), count: Type.Number(), avg_price: MaybeNumber };

/** One comparison of the summary cards: its base range, the base figures and the growth. */
export const InsightSummaryComparison = Type.Object({
  base: InsightRange,
  base_sales: Type.Number(),
  base_count: Type.Number(),
  base_avg_price: MaybeNumber,
  growth: InsightGrowth,
  /** The marks of the growth (docs/metrics.md "Flags"). */
  flags: FigureFlags,
  unequal_lengths: Type.Boolean(),
});

export const InsightSummary = Type.Object({
  range: InsightRange,
  ...Totals,
  /** Chain (mom): against the preceding range of equal length. */
  chain: InsightSummaryComparison,
  /** Year on year. */
  yoy: InsightSummaryComparison,
  /** Against the user's dateBefore (selector custom with dateBefore only). */
  custom: Nullable(InsightSummaryComparison),
  /** Sales of the selected categories / sales of their parent (whole granted market for level 1). */
  share_of_parent: MaybeNumber,
  parent: Nullable(Type.Object({ category_id: Type.Integer(), name: Type.String(), name_en: Type.String() })),
  parent_sales: MaybeNumber,
  warnings: Warnings,
});

export const InsightTrendPoint = Type.Object({
  period: Type.String(),
  ...Totals,
  /** The chosen metric's value and growth (for the chart). */
  value: MaybeNumber,
  value_growth: MaybeNumber,
  growth: Nullable(InsightGrowth),
  /** The marks of the growth of the point against its base point; empty without a comparison. */
  flags: FigureFlags,
});
export const InsightTrends = Type.Object({
  metric: InsightMetricName,
  granularity: Type.String(),
  points: Type.Array(InsightTrendPoint),
  comparison: Nullable(Type.Object({ range: InsightRange, base: InsightRange, unequal_lengths: Type.Boolean() })),
  warnings: Warnings,
});

export const InsightTrendSeries = Type.Object({
  key: Type.String(),
  name: Type.String(),
  name_en: Type.String(),
  /** The metric over the whole range (what ranks the series). */
  total: MaybeNumber,
  points: Type.Array(Type.Object({ period: Type.String(), ...Totals, share: MaybeNumber, value: MaybeNumber })),
});
export const InsightTrendsList = Type.Object({
  metric: InsightMetricName,
  dimension: Type.String(),
  /** Every period of the range, to align the series. */
  periods: Type.Array(Type.String()),
  series: Type.Array(InsightTrendSeries),
  warnings: Warnings,
});

/** A row of a distribution or ranking: figures, share of the filtered scope, share change, growth. */
const MetricFields = {
  ...Totals,
  share: MaybeNumber,
  /** share − base share, as a ratio (0.012 = +1.2 percentage points). */
  share_change: MaybeNumber,
  growth: Nullable(InsightGrowth),
  /** The marks of the growth (docs/metrics.md "Flags"); empty without a comparison. */
  flags: FigureFlags,
  /** The chosen metric's value. */
  value: MaybeNumber,
};
export const InsightDistributionRow = Type.Object({
  key: Type.String(),
  name: Type.String(),
  name_en: Type.String(),
  ...MetricFields,
});
export const InsightDistribution = Type.Object({
  dimension: Type.String(),
  metric: InsightMetricName,
  total: Type.Object(Totals),
  rows: Type.Array(InsightDistributionRow),
  warnings: Warnings,
});

export const InsightAttributes = Type.Object({
  metric: InsightMetricName,
  items: Type.Array(
    Type.Object({
      name: Type.String(),
      title: Type.String(),
      title_en: Type.String(),
      /** Sales (count) of products with at least one value of the attribute, each counted once. */
      sales: Type.Number(),
      count: Type.Number(),
      /** covered sales / scope sales. */
      coverage: MaybeNumber,
      value_count: Type.Integer(),
      /** The top 10 values by the metric. */
      values: Type.Array(
        Type.Object({
          value: Type.String(),
          value_en: Type.String(),
          sales: Type.Number(),
          count: Type.Number(),
          share: MaybeNumber,
        }),
      ),
    }),
  ),
});

export const InsightAttributeValues = Type.Object({
  attribute: Type.Object({ name: Type.String(), title: Type.String(), title_en: Type.String() }),
  ...InsightDistribution.properties,
});

const BandTuple = Type.Array(MaybeNumber, { minItems: 2, maxItems: 2 });
export const InsightBandsValues = Type.Object({
  ...InsightDistribution.properties,
  /** The bands used: [min, max], max null = open-ended. */
  bands: Type.Array(BandTuple),
  /** 'project': the project's bands of `category_id`; 'computed': price quintiles of the scope's products. */
  source: Type.Union([Type.Literal('project'), Type.Literal('computed')]),
  category_id: Nullable(Type.Integer()),
});

const ChannelFigures = { ...MetricFields };
export const InsightChannelsOverview = Type.Object({
  metric: InsightMetricName,
  total: Type.Object(Totals),
  platforms: Type.Array(
    Type.Object({
      platform_id: Type.Integer(),
      code: Type.String(),
      name: Type.String(),
      name_en: Type.String(),
      ...ChannelFigures,
      channels: Type.Array(
        Type.Object({
          shop_type: Type.String(),
          name: Type.String(),
          name_en: Type.String(),
          ...ChannelFigures,
          /** channel sales / platform sales. */
          share_in_platform: MaybeNumber,
        }),
      ),
    }),
  ),
  warnings: Warnings,
});

const NamedRef = Type.Object({ id: Type.Number(), name: Type.String(), name_en: Type.String() });
export const TopAnswerKind = Type.Union([Type.Literal('brand'), Type.Literal('shop'), Type.Literal('product')]);
export const TopAnswerRow = Type.Object({
  rank: Type.Integer(),
  id: Type.Number(),
  /** Brand or shop name; product title. */
  name: Type.String(),
  name_en: Type.String(),
  ...MetricFields,
  platform: Type.Optional(Type.Object({ ...NamedRef.properties, code: Type.String() })),
  channel: Type.Optional(Type.Object({ shop_type: Type.String(), name: Type.String(), name_en: Type.String() })),
  shop: Type.Optional(Type.Object({ ...NamedRef.properties, link: Nullable(Type.String()) })),
  brand: Type.Optional(NamedRef),
  /** Product list price. */
  price: Type.Optional(MaybeNumber),
  /** Product picture id in the file service (the web builds the URL with pictureUrl). */
  image_id: Type.Optional(Nullable(Type.String())),
  /** The product's or shop's page on its platform (links.ts), null when unknown. */
  link: Type.Optional(Nullable(Type.String())),
});
export const TopAnswer = Type.Object({
  kind: TopAnswerKind,
  sort_by: Type.String(),
  limit: Type.Integer(),
  total: Type.Object(Totals),
  items: Type.Array(TopAnswerRow),
  warnings: Warnings,
});

export const InsightValuationFactorKey = Type.Union([
  Type.Literal('market_size'),
  Type.Literal('growth'),
  Type.Literal('concentration'),
  Type.Literal('avg_price'),
  Type.Literal('new_brand'),
]);
export const InsightValuationWeights = Type.Object({
  market_size: Type.Number(),
  growth: Type.Number(),
  concentration: Type.Number(),
  avg_price: Type.Number(),
  new_brand: Type.Number(),
});
export const InsightValuationSettings = Type.Object({
  factors: Type.Array(
    Type.Object({
      key: InsightValuationFactorKey,
      weight: Type.Number(),
      higher_is_better: Type.Boolean(),
      name: Type.String(),
      name_en: Type.String(),
      description: Type.String(),
      description_en: Type.String(),
    }),
  ),
});
export const InsightValuationItem = Type.Object({
  category_id: Type.Integer(),
  name: Type.String(),
  name_en: Type.String(),
  level: Type.Integer(),
  sales: Type.Number(),
  count: Type.Number(),
  avg_price: MaybeNumber,
  growth: MaybeNumber,
  /** The marks of the year-on-year growth. */
  flags: FigureFlags,
  cr5: Type.Number(),
  hhi: Type.Number(),
  brand_count: Type.Integer(),
  new_brand_share: MaybeNumber,
  scores: Type.Object({
    market_size: MaybeNumber,
    growth: MaybeNumber,
    concentration: MaybeNumber,
    avg_price: MaybeNumber,
    new_brand: MaybeNumber,
  }),
  score: Type.Number(),
  rank: Type.Integer(),
});
export const InsightValuation = Type.Object({
  weights: InsightValuationWeights,
  new_brand_since: Type.String(),
  growth_base: InsightRange,
  items: Type.Array(InsightValuationItem),
});

export type InsightSummaryData = Static<typeof InsightSummary>;
export type InsightTrendsData = Static<typeof InsightTrends>;
export type InsightTrendsListData = Static<typeof InsightTrendsList>;
export type InsightDistributionData = Static<typeof InsightDistribution>;
export type InsightDistributionRowData = Static<typeof InsightDistributionRow>;
export type InsightAttributesData = Static<typeof InsightAttributes>;
export type InsightAttributeValuesData = Static<typeof InsightAttributeValues>;
export type InsightBandsValuesData = Static<typeof InsightBandsValues>;
export type InsightChannelsOverviewData = Static<typeof InsightChannelsOverview>;
export type TopAnswerData = Static<typeof TopAnswer>;
export type TopAnswerRowData = Static<typeof TopAnswerRow>;
export type InsightValuationSettingsData = Static<typeof InsightValuationSettings>;
export type InsightValuationData = Static<typeof InsightValuation>;

// ---------------------------------------------------------------------------------------------
// Requests: the filter (docs/product.md §3) plus each endpoint's own fields.

const Metric = Type.Optional(InsightMetricName);
const SortBy = Type.Optional(Type.Union([Type.Literal('sales'), Type.Literal('count')]));
/**
 * Weights are checked by the server so that a negative one gets the message of docs/product.md §5, not a
 * schema error.
 */
const WeightsBody = Type.Object(
  {
    market_size: Type.Optional(Type.Number()),
    growth: Type.Optional(Type.Number()),
    concentration: Type.Optional(Type.Number()),
    avg_price: Type.Optional(Type.Number()),
    new_brand: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
);
export const InsightMetricBody = FilterBody({ metric: Metric });
export const InsightTrendsListBody = FilterBody({
  metric: Metric,
  dimension: Type.Optional(
    Type.Union([Type.Literal('category'), Type.Literal('brand'), Type.Literal('platform'), Type.Literal('channel')]),
  ),
});
export const InsightDistributionBody = FilterBody({
  metric: Metric,
  dimension: Type.Optional(Type.Union([Type.Literal('category'), Type.Literal('platform'), Type.Literal('channel')])),
});
/** One of the two: a dataset attribute by name, or one of the user's custom attributes by id. */
export const InsightAttributeValuesBody = FilterBody({
  metric: Metric,
  attribute: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  custom_attribute: Type.Optional(Type.Integer({ minimum: 1 })),
});
export const InsightTopBody = FilterBody({ kind: Type.Optional(TopAnswerKind), sort_by: SortBy });
export const InsightFilterBody = FilterBody({});
export const InsightCustomValuationBody = FilterBody({ weights: WeightsBody });
export const InsightValuationDownloadBody = FilterBody({ weights: Type.Optional(WeightsBody) });
export const InsightValuationSettingsQuery = Type.Object(
  { ...LocaleField, data_scope_id: DataScopeId },
  { additionalProperties: false },
);

/** Request and answer schemas of each Category Insight endpoint (the table is in endpoints.ts). */
export const INSIGHT_SCHEMAS = {
  summary: { body: InsightFilterBody, data: InsightSummary },
  trends: { body: InsightMetricBody, data: InsightTrends },
  trendsList: { body: InsightTrendsListBody, data: InsightTrendsList },
  distributions: { body: InsightDistributionBody, data: InsightDistribution },
  attributes: { body: InsightMetricBody, data: InsightAttributes },
  attributeValues: { body: InsightAttributeValuesBody, data: InsightAttributeValues },
  bandsValues: { body: InsightMetricBody, data: InsightBandsValues },
  channels: { body: InsightMetricBody, data: InsightChannelsOverview },
  top: { body: InsightTopBody, data: TopAnswer },
  topDownload: { body: InsightTopBody, data: null },
  valuationSettings: { body: InsightValuationSettingsQuery, data: InsightValuationSettings },
  valuations: { body: InsightFilterBody, data: InsightValuation },
  customValuations: { body: InsightCustomValuationBody, data: InsightValuation },
  valuationDownload: { body: InsightValuationDownloadBody, data: null },
} as const;
