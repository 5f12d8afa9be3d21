import { createHash } from 'node:crypto';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';

export type Limited = { retryAfterSeconds: number } | null;

export interface RateLimit {
  /**
   * Counts one attempt for `key`; returns how long to wait when the limit is used up, else null. Counted in `tx` when
   * given, so that it stands or falls with what it counts (the pool's other connections may all be taken by then).
   */
  consume(key: string, tx?: TransactionSql): Promise<Limited>;
  /** Gives back one attempt counted by `consume` (the attempt turned out to be a legitimate one). */
  refund(key: string): Promise<void>;
  /** Forgets `key`'s attempts (after a successful sign-in, say). */
  reset(key: string): Promise<void>;
}

/**
 * A fixed-window limit of `points` per `durationSeconds` per key, kept in PostgreSQL (table `rate_limits`) so every
 * server instance shares it. rate-limiter-flexible speaks to `pg`-style clients; a two-line shim lets it use ours.
 */
export function createRateLimit(options: { name: string; points: number; durationSeconds: number }): RateLimit {
  const limiterOn = (sql: () => Sql | TransactionSql, clearExpiredByTimeout: boolean) =>
    new RateLimiterPostgres({
      storeClient: {
        query: async ({ text, values }: { text: string; values?: unknown[] }) => {
          const rows = await sql().unsafe(text, values as never[]);
          return { rows, rowCount: rows.count };
        },
      },
      storeType: 'client',
      tableName: 'rate_limits',
      tableCreated: true,
      clearExpiredByTimeout,
      keyPrefix: options.name,
      points: options.points,
      duration: options.durationSeconds,
    });
  let limiter: RateLimiterPostgres | undefined;
  const getLimiter = () => (limiter ??= limiterOn(db, true));
  // The stored key is `name:key` in a varchar(255) column: a longer one (a long email, say) would fail the insert, so
  // long keys are stored as their SHA-256.
  const stored = (key: string) =>
    options.name.length + 1 + key.length <= 255 ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
  const wait = (result: RateLimiterRes) => ({ retryAfterSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)) });

  return {
    async consume(key, tx) {
      try {
        // A limiter of a transaction's own leaves clearing expired rows to the shared one.
        await (tx ? limiterOn(() => tx, false) : getLimiter()).consume(stored(key));
        return null;
      } catch (result) {
        if (result instanceof RateLimiterRes) return wait(result);
        throw result;
      }
    },
    async refund(key) {
      await getLimiter().reward(stored(key), 1);
    },
    async reset(key) {
      await getLimiter().delete(stored(key));
    },
  };
}

/**
 * Forgets the counters of every limit keyed by an account's id (`<limit>:<id>`, or `signin-account:user:<id>`), for the
 * account's deletion.
 */
export async function forgetAccountLimits(tx: TransactionSql, userId: string): Promise<void> {
  // A user id is a UUID: nothing in it is special to LIKE.
  await tx`delete from rate_limits where key like ${`%:${userId}`}`;
}
