/*
 * Constraint errors from either driver, recognised once here so callers never look at driver codes.
 * better-sqlite3: SqliteError { code: 'SQLITE_CONSTRAINT_UNIQUE' | …, message: 'UNIQUE constraint
 * failed: users.username' }. pg: DatabaseError { code: '23505', table, constraint, detail:
 * 'Key (username)=(alice) already exists.' }.
 */

interface DriverError {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  constraint?: unknown;
  table?: unknown;
}

function driverError(err: unknown): DriverError | undefined {
  return typeof err === 'object' && err !== null ? (err as DriverError) : undefined;
}

export interface UniqueViolation {
  /** Table name when the driver reports it. */
  table: string | undefined;
  /** Columns of the violated unique key or primary key, in key order. */
  columns: string[];
}

/** Describes a unique / primary-key violation, or returns undefined for any other error. */
export function uniqueViolation(err: unknown): UniqueViolation | undefined {
  const e = driverError(err);
  if (!e) return undefined;
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const list = String(e.message).replace(/^UNIQUE constraint failed: /, '');
    const qualified = list.split(', ').map((s) => s.trim());
    const table = qualified[0]?.includes('.') ? qualified[0].split('.')[0] : undefined;
    return { table, columns: qualified.map((s) => s.slice(s.lastIndexOf('.') + 1)) };
  }
  if (e.code === '23505') {
    const table = typeof e.table === 'string' ? e.table : undefined;
    const keys = typeof e.detail === 'string' ? /^Key \((.+?)\)=\(/.exec(e.detail)?.[1] : undefined;
    if (keys) return { table, columns: keys.split(', ').map((s) => s.replace(/^"|"$/g, '')) };
    // No detail (it can be withheld): fall back to our constraint naming, <table>_<column>_unique.
    const constraint = typeof e.constraint === 'string' ? e.constraint : '';
    const column = table && constraint.startsWith(`${table}_`) ? constraint.slice(table.length + 1) : constraint;
    return { table, columns: [column.replace(/_(unique|key|pk)$/, '')] };
  }
  return undefined;
}

/**
 * True when err is a unique-key violation; with `column`, only when that column is part of the
 * violated key (e.g. isUniqueViolation(err, 'email') → 'email already exists').
 */
export function isUniqueViolation(err: unknown, column?: string): boolean {
  const v = uniqueViolation(err);
  return v !== undefined && (column === undefined || v.columns.includes(column));
}

export function isForeignKeyViolation(err: unknown): boolean {
  const code = driverError(err)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

export function isCheckViolation(err: unknown): boolean {
  const code = driverError(err)?.code;
  return code === 'SQLITE_CONSTRAINT_CHECK' || code === '23514';
}

/**
 * A write collided with an existing row. `field` names what the API reports: 'username' →
 * 'username already exists', 'email' → 'email already exists', 'name' → 'the project already
 * exists' / 'name already exists', 'member' → already a member. When a row collides on two keys at
 * once, the databases report only the first they check (not the same one on SQLite and PG), so an
 * API that must name both checks them before writing.
 */
export class ConflictError extends Error {
  override readonly name = 'ConflictError';
  readonly code = 'conflict';
  constructor(
    readonly entity: string,
    readonly field: string,
    options?: { cause?: unknown },
  ) {
    super(`${entity} ${field} already exists`, options);
  }
}

/**
 * Rethrows a unique violation on one of `fields` as a ConflictError naming the first field that
 * matches; anything else is rethrown unchanged.
 */
export function rethrowConflict(err: unknown, entity: string, fields: Record<string, string>): never {
  const v = uniqueViolation(err);
  if (v) {
    for (const [column, field] of Object.entries(fields)) {
      if (v.columns.includes(column)) throw new ConflictError(entity, field, { cause: err });
    }
  }
  throw err;
}

/*
 * The metadata database cannot be reached: refused or dropped connections, a server shutting down
 * or starting up, and the pool's own time limits (connect, query) that keep a dead or frozen
 * database from hanging requests. pg reports them as Node socket errors (code ECONNREFUSED …),
 * SQLSTATE class 08 / 57P0x, or plain Errors with a fixed message.
 */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const PG_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|is not queryable|Connection closed/i;

export function isConnectionFailure(err: unknown): boolean {
  const e = driverError(err);
  if (!e) return false;
  const code = typeof e.code === 'string' ? e.code : '';
  return (
    SOCKET_CODES.has(code) ||
    SQLSTATES.has(code) ||
    /^08[0-9A-Z]{3}$/.test(code) ||
    (typeof e.message === 'string' && PG_MESSAGES.test(e.message))
  );
}

/**
 * The metadata database is unreachable for now: the error plugin answers 503 `metadata_unavailable`
 * (not 500), and the pool reconnects by itself once the database is back.
 */
export class MetadataUnavailableError extends Error {
  override readonly name = 'MetadataUnavailableError';
  readonly code = 'metadata_unavailable';
  constructor(options?: { cause?: unknown }) {
    super('the metadata database is unavailable', options);
  }
}
