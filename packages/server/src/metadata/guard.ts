import type { DatabaseConnection, Dialect, Driver, QueryCompiler, TransactionSettings } from 'kysely';
import { isConnectionFailure, MetadataUnavailableError } from './errors.js';

/**
 * Wraps a Kysely dialect so that every failure to reach the database, whichever repository or
 * transaction hits it, surfaces as one MetadataUnavailableError (503 in the error plugin) instead
 * of a driver error that would become a 500. Other errors (constraints, SQL) pass unchanged.
 */
export function unavailableAsError(dialect: Dialect): Dialect {
  return {
    createDriver: () => new GuardedDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

async function guard<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    throw isConnectionFailure(err) ? new MetadataUnavailableError({ cause: err }) : err;
  }
}

class GuardedDriver implements Driver {
  // Kysely hands our wrapper back to the driver; the driver needs its own connection object.
  private readonly inner = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(private readonly driver: Driver) {}

  private unwrap(connection: DatabaseConnection): DatabaseConnection {
    return this.inner.get(connection) ?? connection;
  }

  init() {
    return guard(this.driver.init());
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await guard(this.driver.acquireConnection());
    const wrapped: DatabaseConnection = {
      executeQuery: (query) => guard(connection.executeQuery(query)),
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
    this.inner.set(wrapped, connection);
    return wrapped;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return guard(this.driver.beginTransaction(this.unwrap(connection), settings));
  }

  commitTransaction(connection: DatabaseConnection) {
    return guard(this.driver.commitTransaction(this.unwrap(connection)));
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return guard(this.driver.rollbackTransaction(this.unwrap(connection)));
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await guard(Promise.resolve(this.driver.savepoint?.(this.unwrap(connection), name, compile)));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await guard(Promise.resolve(this.driver.rollbackToSavepoint?.(this.unwrap(connection), name, compile)));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await guard(Promise.resolve(this.driver.releaseSavepoint?.(this.unwrap(connection), name, compile)));
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.driver.releaseConnection(this.unwrap(connection));
  }

  destroy() {
    return this.driver.destroy();
  }
}
