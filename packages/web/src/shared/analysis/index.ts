/**
 * The shared frame of the analysis pages (docs/web-analysis.md): filter state in the URL, the filter
 * panel, the analysis query hook, panel states, switches, formatters, charts and downloads.
 */

import { registerArea } from '../i18n/index.js';
import { analysisMessages } from './messages.js';

// The frame's strings come with the first analysis page's chunk, not with the app's entry.
registerArea(analysisMessages);

/** `<ScrollTable …antd Table props>`: a table that scrolls sideways in its card with a visible cue; fix its key columns. */
export { ScrollTable } from '../ui/ScrollTable.js';
/** `<BrandPicker value onChange>`: a brand by server search in either language. */
export { BrandPicker } from './BrandPicker.js';
/**
 * `useAnalysisFilter()`: the applied filter from the URL, `apply(next)`, `reset()`, `wire` (request fields);
 * `useChosenCategories()`: the URL's categories outside the user's grant (a shared link) or not ready;
 * `<CategoryGate>` shows the no-access state or the "not ready" warning for them instead of a page's panels.
 */
export { CategoryGate } from './CategoryGate.js';
/** `<ChannelShares metric body>` (platforms and channels), `<SharesView>` (a share donut beside its figures), `ChartAndTable`, `<ShareDonut rows metric>`, `metricValue`. */
export { ChannelShares, ChartAndTable, metricValue, ShareDonut, SharesView } from './ChannelShares.js';
export { CategoryTrendsPanel } from './categories/CategoryTrendsPanel.js';
/** The top-categories panel under a parent (Trend Overview, Concept Explore) and the parent in the URL. */
export { categoryTrendsChart, pointValue } from './categories/charts.js';
export {
  findCategory,
  type ParentCategory,
  ParentCategoryPicker,
  useParentCategory,
} from './categories/ParentCategoryPicker.js';
/** Pure ECharts option builders: trend bars + growth line, series lines, share donut, bucket bars. */
export {
  bucketBarOption,
  colorAt,
  escapeHtml,
  seriesOption,
  shareDonutOption,
  trendOption,
} from './chartOptions.js';
/** Chart palette and theme (no ECharts import) for option builders. */
export { CHART_COLORS, CHART_FONT, CHART_GRAY, chartTheme } from './chartTheme.js';
/** The user's custom attributes (keyword attributes): `useCustomAttributes()`, `useSaveCustomAttributes()`, their names and words; `<CustomAttributesEditor>`. */
export {
  type CustomAttribute,
  type CustomAttributeDraft,
  customAttributeName,
  useCustomAttributes,
  useSaveCustomAttributes,
  wordsOf,
} from './customAttributes.js';
/** `<DownloadButton path body fileName>`: POST …/downloads, save the .xlsx, "empty download data" / "download failed". */
export { DOWNLOAD_EMPTY_CODE, DownloadButton, type DownloadButtonProps } from './DownloadButton.js';
/** `<EChart option height onEvents>`: lazily loaded, tree-shaken ECharts in the app theme; `preloadCharts()` fetches it early. */
export { type ChartEventHandler, EChart, type EChartProps, preloadCharts } from './EChart.js';
/** `callEndpoint(endpoint, body, opts)`: one call of an entry of the shared endpoint tables; `endpointUrl(endpoint)` its address. */
export { callEndpoint, endpointUrl } from './endpoint.js';
/** `<FigureCards query figures>`: a row of `<FigureCard>` headline figures with comparisons, with the panel states. */
export { FigureCard, FigureCards, type FigureComparison, type FigureSpec } from './FigureCards.js';
/** `<FilterPanel sections primary extra>`: every filter of docs/product.md §3 with Apply/Reset and "more filters". */
export { FILTER_SECTIONS, FilterPanel, type FilterPanelProps, type FilterSectionName } from './FilterPanel.js';
/** `<FlagMark flags>`: the warning mark of a growth's flags (low base, base or range incomplete); `flagsOf(row)` reads them. */
export { Flagged, type FlagList, FlagMark, flagsOf, growthFlags } from './FlagMark.js';
/**
 * Table and card pieces: names in the page language, `<Growth>`, `<ShareChange>` (points), price-band
 * labels, `numericColumn`, `<BarCell>` (bar + figure), the share change / growth and valuation score columns.
 */
export {
  BarCell,
  bandLabel,
  DOWN_COLOR,
  FlaggedGrowth,
  Growth,
  numericColumn,
  pointsText,
  ShareChange,
  UP_COLOR,
  useChangeColumns,
  useNameOf,
  useScoreColumns,
} from './figures.js';
/** Filter model, URL codec (`encodeFilter`/`decodeFilter`), wire form (`toWire`) and the default period range. */
export {
  type AnalysisFilter,
  activeCount,
  type ChannelSource,
  type Condition,
  type DatePair,
  DEFAULT_PERIODS,
  decodeFilter,
  defaultDateRange,
  emptyFilter,
  encodeFilter,
  isFilterParam,
  type KeywordMode,
  type Selector,
  sameFilter,
  toWire,
  URL_PARAMS,
  type WireFilter,
} from './filter.js';
/** `<CategoryTreeSelect value onChange>`: categories of the granted tree. */
export { CategoryTreeSelect } from './filters/CategoryTreeSelect.js';
export { CustomAttributesEditor } from './filters/CustomAttributesEditor.js';
/** The filter sections by id (one file each under filters/sections), and what a section is given. */
export { FILTER_SECTION_IDS, FILTER_SECTION_REGISTRY } from './filters/registry.js';
export type { ApplyCheck, FilterSectionDef, FilterSectionProps } from './filters/types.js';
/** Favourite brands of the project: `followBrands` (PUT/DELETE), `useFollowedBrands()`, `useFollowChange()`, `brandDetailPath`, `FOLLOW_FAILED`. */
export {
  brandDetailPath,
  FOLLOW_FAILED,
  type FollowedBrands,
  followBrands,
  useFollowChange,
  useFollowedBrands,
} from './follow.js';
/** `<Later minHeight>`: panels below the fold, rendered after the page's first chart (or when scrolled near). */
export { LATER_MAX_MS, Later } from './Later.js';
/**
 * `<LinkedName text href budget>`: a name cut to its column (docs/product.md §5), linked to its platform page
 * when known.
 */
export { LinkedName } from './LinkedName.js';
/** `<MetricTable rows nameTitle>`: figures of a distribution (sales, units, avg price, share bar, share change, growth). */
export { type MetricRow, MetricTable } from './MetricTable.js';
/** `<NoAccess kind="category"|"brand">` with "add to favourites" and "contact administrator". */
export { BrandNoAccess, NoAccess, type NoAccessProps } from './NoAccess.js';
/** `<PagedTable rows columns rowKey>`: the panels' small table, paged only beyond a page. */
export { PagedTable, type PagedTableProps } from './PagedTable.js';
/** `<PanelCard>`: the frame of every chart/table with pending, error + retry, empty, warnings and not-ready states. */
export { PanelCard, type PanelCardProps, panelState } from './PanelCard.js';
/** `<ProductPicture src alt size>`: a product picture (lazy), the placeholder when there is none or it fails. */
export { ProductPicture } from './ProductPicture.js';
/** Panel switches kept in the URL: declare with `panelParams({ … choice(name, allowed, default) })`, read with `usePanelParam`. */
export {
  choice,
  idParam,
  numbersParam,
  optionalChoice,
  type PanelParam,
  panelParams,
  readParam,
  textParam,
  usePanelParam,
  writeParam,
} from './panelParams.js';
/** Reference data hooks (category tree, channels, attributes, brand search, table date) and the project id. */
export {
  type CategoryNode,
  type FilterAttribute,
  type NamedItem,
  type PlatformChannels,
  type TableDate,
  useBrandSearch,
  useCategoryTree,
  useFilterAttributes,
  usePlatformChannels,
  useProjectId,
  useTableDate,
} from './reference.js';
/** `<MetricSwitch>` (sales | count | avg_price, default sales) and `<SortSwitch>` (sales | count). */
export {
  DEFAULT_METRIC,
  METRICS,
  type Metric,
  MetricSwitch,
  SORTS,
  type SortBy,
  SortSwitch,
} from './switches.js';
/** `<TopPanel kinds …>` (tabs, sort, download) and `<TopTable data kind>`: the POST /top rankings of brands, shops or products. */
export { type TopData, type TopKind, TopPanel, type TopRow, type TopSource, TopTable } from './TopTable.js';
export { type TotalsSummary, useTotalsFigures } from './totalsFigures.js';
export {
  type AnalysisFilterState,
  type ChosenCategories,
  useAnalysisFilter,
  useChosenCategories,
} from './useAnalysisFilter.js';
/** `useAnalysisQuery(endpoint, extraBody, options)`: an endpoint of the shared tables with project + filter; keeps previous data. */
export {
  type AnalysisQueryOptions,
  type AnalysisQueryResult,
  analysisBody,
  type PageFields,
  useAnalysisQuery,
  warningCodes,
} from './useAnalysisQuery.js';
export { useCollect } from './useCollect.js';
/**
 * `useFormatters()`: docs/product.md §9 number/money/percent/share formatters with the project currency, and
 * period labels.
 */
export { type Formatters, makeFormatters, useFormatters } from './useFormatters.js';
export { useLocalName } from './useLocalName.js';
export { ValuationTable } from './ValuationTable.js';
/** docs/product.md §5 checks of a filter (price band, super query, attribute limit, benchmark period). */
export { checkFilter, type FilterProblem, type FilterProblems } from './validate.js';
/** `<WordCloud words onWordClick>` (echarts-wordcloud) and its pure option builder. */
export { WordCloud, type WordCloudProps } from './WordCloud.js';
export { type CloudWord, type WordCloudOptions, wordCloudOption } from './wordCloudOption.js';
