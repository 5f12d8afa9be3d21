import path from 'node:path';
import { env as settings, type Env } from '#server/platform/env.ts';
import { connect, type Sql } from './db.ts';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded-db.ts';

export interface Database {
  sql: Sql;
  embedded: EmbeddedDatabase | null;
  close(): Promise<void>;
}

/**
 * Connects to DATABASE_URL, or, when it is unset, starts the embedded PGlite database in `$DATA_DIR/pglite`
 * (default `.data`) and connects to it with the single connection it supports.
 */
export async function openDatabase(env: Env = settings()): Promise<Database> {
  if (env.DATABASE_URL) {
    const sql = connect(env.DATABASE_URL, { max: env.DATABASE_POOL_MAX });
    return { sql, embedded: null, close: () => sql.end({ timeout: 5 }) };
  }
  const embedded = await startEmbeddedDatabase(path.resolve(env.DATA_DIR));
  const sql = connect(embedded.url, { max: 1 });
  return {
    sql,
    embedded,
    async close() {
      await sql.end({ timeout: 5 });
      await embedded.stop();
    },
  };
}
