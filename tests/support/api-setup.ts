import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createTemplateDatabase, createTestDatabase, type TemplateDatabase, type TestDatabase } from './test-database.ts';
import { startServer, type ServerProcess } from './server-process.ts';

export const TEST_ADMIN = { email: 'admin@flamekeeper.test', username: 'admin', password: 'correct horse battery staple' };

/** What a worker's test files share: the built site on a database of the worker's own, and the folder of its emails. */
export interface WorkerServer {
  url: string;
  databaseUrl: string;
  poolMax: number;
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The loaded database each test file's own database is a copy of (see createTemplateDatabase). */
    databaseTemplate: string;
    /** What the template's migrations wrote, and the tables loaded after them (TemplateDatabase). */
    templateRows: Pick<TemplateDatabase, 'migrationRows' | 'loadedTables'>;
    /** One server per worker, the worker's by its VITEST_POOL_ID (1 for the first); api.ts resets it between files. */
    workerServers: WorkerServer[];
  }
}

/**
 * One template database for the whole API suite, and one server per worker on a copy of it. A server start and a
 * database copy cost more CPU than most files' tests: the worker's files, which run one after another, share them, and
 * each file starts from the template's rows (tests/support/api-file-setup.ts).
 */
export default async function setup(project: TestProject) {
  const template = await createTemplateDatabase();
  const started: { database: TestDatabase; dataDir: string; server?: ServerProcess }[] = [];
  const stop = async () => {
    await Promise.all(
      started.map(async ({ database, dataDir, server }) => {
        await server?.stop();
        await database.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }),
    );
    await template.drop();
  };
  try {
    project.provide('databaseTemplate', template.name);
    project.provide('templateRows', { migrationRows: template.migrationRows, loadedTables: template.loadedTables });
    const servers = await Promise.all(
      Array.from({ length: project.config.maxWorkers }, async () => {
        const worker: (typeof started)[number] = {
          database: await createTestDatabase(template.name),
          dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'fk-api-data-')),
        };
        started.push(worker);
        worker.server = await startApiTestServer(worker.database, worker.dataDir);
        return { url: worker.server.url, databaseUrl: worker.database.url, poolMax: worker.database.poolMax, dataDir: worker.dataDir };
      }),
    );
    project.provide('workerServers', servers);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

/**
 * The built site on `database` with the test admin and no demo data, as each API test file's server runs; `env` adds
 * or overrides settings (a file's own mail server, say).
 */
export function startApiTestServer(database: TestDatabase, dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  return startServer({
    DATABASE_URL: database.url,
    DATABASE_POOL_MAX: String(database.poolMax),
    SEED_DEMO_DATA: 'false',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    // Every test calls from 127.0.0.1; the limits themselves are tested on a server of their own.
    RATE_LIMIT_MULTIPLIER: '1000',
    DATA_DIR: dataDir,
    ...env,
  });
}
