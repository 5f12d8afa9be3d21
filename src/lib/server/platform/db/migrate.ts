import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sql } from './db.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../../../../db/migrations/', import.meta.url));
// Any fixed 64-bit number; every instance must use the same one.
const MIGRATION_LOCK_KEY = 4_217_004_201n;

/** The migration files, in the order they apply: `NNN_name.sql`. */
export function listMigrations(dir = MIGRATIONS_DIR): { version: string; file: string }[] {
  return fs
    .readdirSync(dir)
    .filter((name) => /^\d{3}_[a-z0-9_]+\.sql$/.test(name))
    .sort()
    .map((name) => ({ version: name.replace(/\.sql$/, ''), file: path.join(dir, name) }));
}

/**
 * Applies every migration not yet recorded, each in its own transaction, holding a session advisory lock so that
 * instances starting together apply each migration exactly once. Returns the versions this call applied.
 */
export async function migrate(sql: Sql, dir = MIGRATIONS_DIR): Promise<string[]> {
  const applied: string[] = [];
  const connection = await sql.reserve();
  try {
    await connection`select pg_advisory_lock(${MIGRATION_LOCK_KEY.toString()}::bigint)`;
    await connection`
      create table if not exists schema_migrations (
        version text primary key,
        applied_at timestamptz not null default now()
      )`;
    for (const { version, file } of listMigrations(dir)) {
      // A reserved connection has no `begin()`, so the transaction is spelled out.
      await connection`begin`;
      try {
        const [existing] = await connection`select 1 from schema_migrations where version = ${version}`;
        if (!existing) {
          await connection.unsafe(fs.readFileSync(file, 'utf8'));
          await connection`insert into schema_migrations (version) values (${version})`;
          applied.push(version);
        }
        await connection`commit`;
      } catch (error) {
        await connection`rollback`;
        throw error;
      }
    }
  } finally {
    await connection`select pg_advisory_unlock(${MIGRATION_LOCK_KEY.toString()}::bigint)`.catch(() => {});
    connection.release();
  }
  return applied;
}

/** How many migrations the database records as applied (schema_migrations), for the scaling doc's check. */
export async function countAppliedMigrations(sql: Sql): Promise<number> {
  const [stored] = await sql<{ rows: number }[]>`select count(*)::int as rows from schema_migrations`;
  return stored!.rows;
}
