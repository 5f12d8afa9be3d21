// Playwright's web server: a fresh database (PostgreSQL from TEST_DATABASE_URL, else embedded PGlite) with the demo
// data, a known admin, and the built site on E2E_PORT. It records where its database and mail folder are for the
// tests (see e2e-state.ts), and drops the database when Playwright stops it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from './test-database.ts';
import { startServer } from './server-process.ts';
import { E2E_ADMIN } from './e2e-admin.ts';
import { e2eStateFile, type E2EState } from './e2e-state.ts';
import { E2E_SHOPIFY } from './shopify.ts';

const port = process.env.E2E_PORT ?? '4399';
const database = await createTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fk-e2e-data-'));
const server = await startServer({
  DATABASE_URL: database.url,
  DATABASE_POOL_MAX: String(database.poolMax),
  DATA_DIR: dataDir,
  PORT: port,
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  // All tests come from 127.0.0.1; the limits themselves are tested in tests/api/rate-limits.test.ts.
  RATE_LIMIT_MULTIPLIER: '100',
  // The store's webhooks, which tests post signed orders to (tests/support/shopify.ts).
  SHOPIFY_WEBHOOK_SECRET: E2E_SHOPIFY.secret,
  SHOPIFY_SHOP_DOMAIN: E2E_SHOPIFY.shopDomain,
}).catch(async (error: unknown) => {
  await database.drop();
  throw error;
});
const state: E2EState = { databaseUrl: database.url, databasePoolMax: database.poolMax, dataDir };
fs.writeFileSync(e2eStateFile(port), JSON.stringify(state));
console.log(`e2e server ready at ${server.url}`);

async function stop() {
  await server.stop();
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(e2eStateFile(port), { force: true });
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
