import type { ServerConfig } from './config.js';
import type { CounterStore } from './counters.js';
import type { Mailer } from './mail/service.js';
import type { MetadataStore } from './metadata/index.js';
import type { WarehouseEngine } from './warehouse/engine.js';

/** What every route can use: built once in main (or a test helper) and handed to the app factory. */
export interface AppContext {
  config: ServerConfig;
  metadata: MetadataStore;
  warehouse: WarehouseEngine;
  version: string;
  /** Signs access tokens; from TOKEN_SIGNING_KEY or generated into the data folder. */
  signingKey: string;
  /** Time source for tokens, lockouts and resets (tests move it); default the system clock. */
  clock?: () => Date;
  /** Counter store for rate limits; default Redis when REDIS_URL is set, else in-process. */
  counterStore?: CounterStore;
  /** Mail delivery; default the outbox table, delivered over SMTP when SMTP_URL is set. The caller closes one it hands in. */
  mailer?: Mailer;
}
