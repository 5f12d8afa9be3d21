import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { startServer, type ServerProcess } from './server-process.ts';

export const TEST_ADMIN = { email: 'admin@flamekeeper.test', username: 'admin', password: 'correct horse battery staple' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    databasePoolMax: number;
    dataDir: string;
  }
}

/** One fresh database and one built server for the whole API suite. */
export default async function setup(project: TestProject) {
  const database = await createTestDatabase();
  // Where the server writes its emails (no SMTP_URL in tests): $DATA_DIR/mail.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fk-api-data-'));
  const server = await startApiTestServer(database, dataDir);
  project.provide('baseUrl', server.url);
  project.provide('databaseUrl', database.url);
  project.provide('databasePoolMax', database.poolMax);
  project.provide('dataDir', dataDir);

  return async () => {
    await server.stop();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * The built site on `database` with the test admin and no demo data, as the API suite's shared server runs; `env`
 * adds or overrides settings (a file's own mail server, say).
 */
export function startApiTestServer(database: TestDatabase, dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  return startServer(
    {
      DATABASE_URL: database.url,
      DATABASE_POOL_MAX: String(database.poolMax),
      SEED_DEMO_DATA: 'false',
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      // Every test file calls from 127.0.0.1; the limits themselves are tested on a server of their own.
      RATE_LIMIT_MULTIPLIER: '1000',
      DATA_DIR: dataDir,
      ...env,
    },
    120_000,
  );
}
