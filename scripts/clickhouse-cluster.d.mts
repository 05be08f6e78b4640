// Types of clickhouse-cluster.mjs for the TypeScript tests that import it.
export const DEFAULT_BINARY: string;
export const CLUSTER_NAME: string;
export const ADMIN_USER: string;
export const QUERY_USER: string;
export const DATABASE: string;

export interface ClusterShard {
  httpPort: number;
  tcpPort: number;
  pid: number;
}

export interface Cluster {
  dir: string;
  cluster: string;
  pids: number[];
  shards: ClusterShard[];
  adminUser: string;
  adminPassword: string;
  queryUser: string;
  queryPassword: string;
  /** WAREHOUSE_URL of the cluster. */
  url: string;
  stop(graceMs?: number): Promise<void>;
  /** Starts shard `index` (0-based) again, same ports and data, after it stopped; resolves once it answers. */
  restartShard(index: number, timeoutMs?: number): Promise<void>;
}

export interface StartOptions {
  shards?: number;
  dir?: string;
  binary?: string;
  detached?: boolean;
  maxExecutionTime?: number;
  queryMemory?: number;
  importMemory?: number;
  startTimeoutMs?: number;
}

export function unavailableReason(binary?: string): string | null;
export function startCluster(options?: StartOptions): Promise<Cluster>;
export function readCluster(dir: string): Cluster;
/** The servers of DIR/cluster.json that are gone, do not answer a query within 5 s or logged a fatal error. */
export function clusterHealth(
  dir: string,
): Promise<{ dir: string; pid: number; problems: string[]; errLogTail: string }[]>;
export function stopPids(pids: number[], graceMs?: number): Promise<void>;
/** Stops the test-run clusters (`marketlens-ch-tests-<id>/cluster`) left under `dir`; the pids stopped. */
export function stopTestClustersUnder(dir: string): Promise<number[]>;
