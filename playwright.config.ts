import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4399);
const baseURL = `http://127.0.0.1:${port}`;
// Debian's chromium-headless-shell is Chromium's old headless mode, the one Playwright runs when it brings its own
// browser: the suite costs it half the CPU of the full browser's headless mode, and on 2 cores two thirds of the time
// (docs/performance.md, "Test suite time"). The full browser serves where the shell is missing.
const browser = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file));

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Embedded PGlite has one session; tests that reach into the database (issuing codes) must not overlap with
  // another test's requests there. A PostgreSQL server (TEST_DATABASE_URL, as in CI) takes two workers.
  workers: process.env.TEST_DATABASE_URL ? 2 : 1,
  retries: 0,
  // Two cores run the server, the database, the browser and the API suite beside them (issue 38): these limits guard
  // against a hang on a machine five times slower than an idle one, and are no claim about speed; speeds live in the
  // benchmarks. An expectation waits for the page; its longer limit only delays the report of a real failure.
  timeout: 300_000,
  expect: { timeout: 60_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // A failed test's trace keeps the page at each step; its screencast cost a fifth of the suite's CPU.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: browser,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@mobile/ },
    { name: 'mobile', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@mobile/ },
  ],
  webServer: {
    command: 'node tests/support/e2e-server.ts',
    url: `${baseURL}/healthz`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // Without it Playwright SIGKILLs the server, and e2e-server.ts never drops its database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
