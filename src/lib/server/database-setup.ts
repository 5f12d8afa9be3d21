import path from 'node:path';
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
export async function openDatabase(env: NodeJS.ProcessEnv = process.env): Promise<Database> {
  if (env.DATABASE_URL) {
    const sql = connect(env.DATABASE_URL, { max: Number(env.DATABASE_POOL_MAX ?? 10) });
    return { sql, embedded: null, close: () => sql.end({ timeout: 5 }) };
  }
  const embedded = await startEmbeddedDatabase(path.resolve(env.DATA_DIR ?? '.data'));
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
