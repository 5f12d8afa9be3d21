import type { TestProject } from 'vitest/node';
import { createTemplateDatabase, type TestDatabase } from './test-database.ts';
import { startServer, type ServerProcess } from './server-process.ts';

export const TEST_ADMIN = { email: 'admin@flamekeeper.test', username: 'admin', password: 'correct horse battery staple' };

declare module 'vitest' {
  export interface ProvidedContext {
    /** The loaded database each API test file's own database is a copy of (see createTemplateDatabase). */
    databaseTemplate: string;
  }
}

/** One template database for the whole API suite; each test file copies it and starts its server on the copy (api.ts). */
export default async function setup(project: TestProject) {
  const template = await createTemplateDatabase();
  project.provide('databaseTemplate', template.name);
  return () => template.drop();
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
