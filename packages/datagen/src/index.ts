/**
 * @marketlens/datagen — the deterministic synthetic market generator (docs/datagen.md).
 * `generate` writes the demo datasets in the import format; `buildMarket` gives the same rows in
 * memory, for tests and correctness oracles.
 */
export { formatDay, type Period, type PeriodKind, parseDay } from './calendar.js';
export { CATEGORY_TREE } from './catalog/index.js';
export { isRealBrand, REAL_BRANDS } from './catalog/names.js';
export type { PlantedEventKind } from './events.js';
export {
  type DatasetSummary,
  defaultDatasets,
  type GenerateOptions,
  type GenerateProgress,
  generate,
  PLANTED_EVENTS_FILE,
  SHAPES,
  type Shape,
} from './generate.js';
export {
  type AttributeRow,
  type BrandRow,
  buildMarket,
  type CategoryRow,
  type ChannelRow,
  type DimensionRows,
  type DimensionTableName,
  type FactBatch,
  type FactRow,
  type Market,
  type MarketOptions,
  type PlantedEvent,
  type PlatformRow,
  SHOP_TYPE_ORDER,
  type ShopRow,
  type SkuAttributeRow,
  type SkuColumns,
  type SkuRow,
} from './market.js';
export {
  buildMessyMarket,
  MESSY_DATASET,
  MESSY_SHAPE,
  type MessyDatasetName,
  type MessyMarket,
  type MessyOptions,
} from './messy.js';
export {
  type CategoryGrowth,
  formatRealismReport,
  formatWeeklyPeaks,
  POTENTIAL_DEFAULTS,
  type RealismReport,
  realismReport,
  type WeeklyPeakYear,
  weeklyPeaks,
} from './report.js';
export { DEFAULT_SEED, parseArgs, runCli, USAGE } from './run-cli.js';
export { SCALES, type Scale } from './scales.js';
export { FILE_FORMATS, type FileFormat } from './writer.js';
