import { openClickHouseWarehouse } from './clickhouse/engine.js';
import { openDuckDBWarehouse } from './duckdb/engine.js';
import type { WarehouseEngine } from './engine.js';
import { parseWarehouseUrl } from './url.js';

export { type DatasetCalendarEvent, readCalendarEvents } from './calendar.js';
export { clickhouseDialect } from './clickhouse/dialect.js';
export {
  ClickHouseEngine,
  type ClickHouseWarehouseOptions,
  openClickHouseWarehouse,
} from './clickhouse/engine.js';
export { type ClickHouseLiteralType, clickhouseLiteral, type LiteralValue } from './clickhouse/literal.js';
export * from './dialect.js';
export { duckdbDialect } from './duckdb/dialect.js';
export {
  DuckDBEngine,
  type DuckDBWarehouseOptions,
  datasetAlias,
  openDuckDBWarehouse,
  WAREHOUSE_TABLES,
} from './duckdb/engine.js';
export { type ImportDatasetOptions, importDataset } from './duckdb/importer.js';
export * from './engine.js';
export { KeywordExtractor, type KeywordLang } from './keywords.js';
export {
  chooseRollup,
  ROLLUP_MEASURES,
  ROLLUPS,
  type RollupDef,
  type RollupDimension,
  type RollupName,
} from './rollups.js';
export {
  type ClickHouseLocation,
  defaultWarehouseDir,
  parseClickHouseUrl,
  parseWarehouseUrl,
  type WarehouseLocation,
} from './url.js';

export interface OpenWarehouseConfig {
  /** A directory, duckdb:<dir>, or an http(s):// ClickHouse URL (see url.ts parseClickHouseUrl). */
  warehouseUrl: string;
  /** Default time limit of a query in ms; 0 = none. */
  queryTimeoutMs?: number;
  /** Statements run at once: DuckDB's query connections, ClickHouse's requests in flight. */
  warehousePoolSize?: number;
  /** How often to pick up imports made by other processes; 0 = never. */
  warehouseRefreshMs?: number;
  onWarning?: (message: string) => void;
}

/** Opens the warehouse the configuration names. */
export async function openWarehouse(config: OpenWarehouseConfig): Promise<WarehouseEngine> {
  const location = parseWarehouseUrl(config.warehouseUrl);
  if (location.engine === 'clickhouse') {
    return openClickHouseWarehouse({
      location: location.clickhouse,
      ...(config.queryTimeoutMs !== undefined ? { defaultTimeoutMs: config.queryTimeoutMs } : {}),
      ...(config.warehouseRefreshMs !== undefined ? { refreshIntervalMs: config.warehouseRefreshMs } : {}),
      ...(config.warehousePoolSize !== undefined ? { maxInFlight: config.warehousePoolSize } : {}),
      ...(config.onWarning ? { onWarning: config.onWarning } : {}),
    });
  }
  return openDuckDBWarehouse({
    dir: location.dir,
    ...(config.queryTimeoutMs !== undefined ? { defaultTimeoutMs: config.queryTimeoutMs } : {}),
    ...(config.warehousePoolSize !== undefined ? { poolSize: config.warehousePoolSize } : {}),
    ...(config.warehouseRefreshMs !== undefined ? { refreshIntervalMs: config.warehouseRefreshMs } : {}),
    ...(config.onWarning ? { onWarning: config.onWarning } : {}),
  });
}
