import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll } from 'vitest';
import { connect, type Sql } from '#server/platform/db/db.ts';
import { startEmbeddedDatabase } from '#server/platform/db/embedded-db.ts';

export interface TestDatabase {
  url: string;
  /** How many connections a client of this database may open (1 for embedded PGlite). */
  poolMax: number;
  drop(): Promise<void>;
  /** After `drop`: an empty database again at the same URL, as when an operator creates a dropped database anew. */
  recreate(): Promise<void>;
}

/**
 * A new, empty database for one test run: on the PostgreSQL server named by TEST_DATABASE_URL when it is set,
 * otherwise an embedded PGlite in a temporary folder.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `fk_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
    const onServer = async (statement: string) => {
      const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(statement);
      await admin.end();
    };
    await onServer(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      poolMax: 5,
      drop: () => onServer(`drop database if exists ${name} with (force)`),
      recreate: () => onServer(`create database ${name}`),
    };
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fk-test-db-'));
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
 * A fresh database for the surrounding describe block: created and connected before its tests, `prepare` run on it
 * (migrations, data), dropped after them. Read `sql` and `database` inside tests, once the hook has run.
 */
export function useFreshDatabase(prepare: (sql: Sql) => Promise<unknown> = async () => {}, timeoutMs = 60_000) {
  const fresh = {} as { database: TestDatabase; sql: Sql };
  beforeAll(async () => {
    fresh.database = await createTestDatabase();
    fresh.sql = connect(fresh.database.url, { max: fresh.database.poolMax });
    await prepare(fresh.sql);
  }, timeoutMs);
  afterAll(async () => {
    await fresh.sql.end();
    await fresh.database.drop();
  });
  return fresh;
}
