import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll } from 'vitest';
import { ensureCensus, ensureZipCodes } from '#server/places/index.ts';
import { relocateClubs } from '#server/clubs/index.ts';
import { connect, type Sql } from '#server/platform/db/db.ts';
import { startEmbeddedDatabase } from '#server/platform/db/embedded-db.ts';
import { migrate } from '#server/platform/db/migrate.ts';

export interface TestDatabase {
  url: string;
  /** How many connections a client of this database may open (1 for embedded PGlite). */
  poolMax: number;
  drop(): Promise<void>;
  /** After `drop`: an empty database again at the same URL, as when an operator creates a dropped database anew. */
  recreate(): Promise<void>;
}

export interface TemplateDatabase {
  /** What createTestDatabase copies: a database's name on PostgreSQL, a stopped PGlite's folder when embedded. */
  name: string;
  /** The rows the migrations wrote (the migrations applied, counters' first rows), by table, as JSON. */
  migrationRows: Record<string, unknown[]>;
  /** The tables filled after the migrations: the ZIP codes and the census populations, which the site only reads. */
  loadedTables: string[];
  drop(): Promise<void>;
}

const uniqueName = (prefix: string) => `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(statement);
  } finally {
    await admin.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A new database for one test run: on the PostgreSQL server named by TEST_DATABASE_URL when it is set, otherwise an
 * embedded PGlite in a temporary folder. Empty, or a copy of `template` (see createTemplateDatabase).
 */
export async function createTestDatabase(template?: string): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = uniqueName('fk_test');
    await onServer(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
    return {
      url: databaseUrl(serverUrl, name),
      poolMax: 5,
      drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
      recreate: () => onServer(serverUrl, `create database ${name}`),
    };
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fk-test-db-'));
  // A stopped PGlite's folder is a whole PostgreSQL data directory: its copy opens as a copy of the database.
  if (template) fs.cpSync(template, dir, { recursive: true });
  let embedded = await startEmbeddedDatabase(dir, { maxConnections: 16 });
  const { port } = new URL(embedded.url);
  return {
    url: embedded.url,
    poolMax: 1,
    async drop() {
      await embedded.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    async recreate() {
      embedded = await startEmbeddedDatabase(dir, { maxConnections: 16, port: Number(port) });
    },
  };
}

/**
 * A database as the server's start-up leaves a new one, made once per run for createTestDatabase to copy: migrated,
 * with the ZIP codes and the census populations loaded. Start-up on a copy finds those tables filled and loads
 * nothing, so a test file's database and server are ready in about a second instead of several.
 */
export async function createTemplateDatabase(): Promise<TemplateDatabase> {
  const load = async (url: string, poolMax: number) => {
    const sql = connect(url, { max: poolMax });
    try {
      await migrate(sql);
      const migrationRows: TemplateDatabase['migrationRows'] = {};
      for (const table of await tablesWithRows(sql)) {
        migrationRows[table] = (await sql<{ row: unknown }[]>`select to_jsonb(t) as row from ${sql(table)} t`).map(({ row }) => row);
      }
      await ensureZipCodes(sql, relocateClubs);
      await ensureCensus(sql);
      const loadedTables = (await tablesWithRows(sql)).filter((table) => !(table in migrationRows));
      return { migrationRows, loadedTables };
    } finally {
      await sql.end();
    }
  };

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = uniqueName('fk_template');
    const drop = () => onServer(serverUrl, `drop database if exists ${name} with (force)`);
    await onServer(serverUrl, `create database ${name}`);
    const rows = await load(databaseUrl(serverUrl, name), 5).catch(async (error: unknown) => {
      await drop();
      throw error;
    });
    return { name, ...rows, drop };
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fk-template-db-'));
  const drop = async () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    const embedded = await startEmbeddedDatabase(dir);
    try {
      return { name: dir, ...(await load(embedded.url, 1)), drop };
    } finally {
      await embedded.stop();
    }
  } catch (error) {
    await drop();
    throw error;
  }
}

async function tablesWithRows(sql: Sql): Promise<string[]> {
  const tables = await sql<{ name: string }[]>`select tablename as name from pg_tables where schemaname = 'public' order by 1`;
  const filled: string[] = [];
  for (const { name } of tables) if ((await sql`select 1 from ${sql(name)} limit 1`).length > 0) filled.push(name);
  return filled;
}

/**
 * A fresh database for the surrounding describe block: created and connected before its tests, `prepare` run on it
 * (migrations, data), dropped after them. Read `sql` and `database` inside tests, once the hook has run.
 */
export function useFreshDatabase(prepare: (sql: Sql) => Promise<unknown> = async () => {}) {
  const fresh = {} as { database: TestDatabase; sql: Sql };
  beforeAll(async () => {
    fresh.database = await createTestDatabase();
    fresh.sql = connect(fresh.database.url, { max: fresh.database.poolMax });
    await prepare(fresh.sql);
  });
  afterAll(async () => {
    await fresh.sql.end();
    await fresh.database.drop();
  });
  return fresh;
}
