import postgres from 'postgres';
import { env } from '#server/platform/env.ts';

export type Sql = postgres.Sql;
export type TransactionSql = postgres.TransactionSql;

// The process's one pool (with embedded PGlite, one connection). The built server loads this module from its source,
// as the start-up script does (astro.config.mjs keeps #server/ out of the bundle), so both see this one variable.
let pool: Sql | undefined;

/**
 * Opens a postgres.js pool. Every row reaches the code with camelCase names (`created_at` is read as `createdAt`), so
 * repositories select columns by their names and alias only to rename. Only the names of a row's columns: the keys
 * inside a json/jsonb value stay as stored, and `sql(object)` insert/update helpers still take the columns' own
 * snake_case names as keys (no `column.to`). postgres.js's `toCamel` fails on a name ending in `_` or holding `__`:
 * no column or alias is named so. Lucia's adapter, which expects raw rows, only deletes sessions here (it reads none).
 */
export function connect(url: string, options: { max?: number } = {}): Sql {
  return postgres(url, {
    max: options.max ?? 10,
    // The function itself, so postgres.js applies it as `column.from`: `postgres.toCamel` as the whole transform would
    // also rename the keys inside json values.
    transform: { column: postgres.toCamel },
    // Fail fast while the database is unreachable: requests answer 503 instead of hanging.
    connect_timeout: 3,
    // The wait before a connection is tried again after a failed one. postgres.js's default grows with every failure
    // of the pool (3^n / 100 s, up to 20 s): the worker's passes during an outage pushed it to 10-20 s, which requests
    // then waited before their 503, and the site after the database came back (a flaky database-outage test). At
    // most a second: a pool of 10 tries at most 10 connections a second against a database that is down.
    backoff: (failures: number) => (0.5 + Math.random() / 2) * Math.min(3 ** failures / 100, 1),
    onnotice: () => {},
    connection: { application_name: 'flamekeeper-clubs' },
  });
}

/**
 * A row count (LIMIT, OFFSET) written into the query's text instead of sent as a parameter. PostgreSQL plans a
 * parameter there as "10 % of the rows": the generic plan then looks far dearer than a custom one, so a prepared
 * statement would be planned again on every run (measured: a state search's page cost PostgreSQL 170-220 µs with
 * parameters, 110 µs with numbers). Each distinct count is one more prepared statement per connection; pages are few.
 */
export function rowCount(sql: Sql | TransactionSql, count: number) {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`Not a row count: ${count}`);
  return sql.unsafe(String(count));
}

/** `text` with LIKE's wildcards (and its escape character) escaped, to match as typed inside a LIKE pattern. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Makes `sql` the pool every repository in this process uses. */
export function useDatabase(sql: Sql): void {
  pool = sql;
}

/** The process's pool: the one installed by `useDatabase`, or one opened from DATABASE_URL on first use. */
export function db(): Sql {
  if (!pool) {
    const url = env().DATABASE_URL;
    if (!url) throw new Error('No database: start the site with `npm start`, or set DATABASE_URL.');
    pool = connect(url);
  }
  return pool;
}

const CONNECTION_ERROR_CODES = new Set([
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);

/**
 * PostgreSQL's codes for a server that refuses a new connection for now: the database is gone (3D000, until it is
 * created again), every connection slot is taken (53300), or it does not allow connections (55000).
 */
const REFUSED_CONNECTION_CODES = new Set(['3D000', '53300', '55000']);

/**
 * Whether an error means the database cannot be reached (down, restarting, dropped, full, refusing connections)
 * rather than that a query was wrong: connection failures, PostgreSQL's connection-exception (08…) and
 * operator-intervention (57P…) classes, and the refused connections above.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error) || typeof error.code !== 'string') return false;
  const { code } = error;
  return CONNECTION_ERROR_CODES.has(code) || code.startsWith('08') || code.startsWith('57P') || REFUSED_CONNECTION_CODES.has(code);
}
