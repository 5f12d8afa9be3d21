import { defineConfig } from 'vitest/config';

// Embedded PGlite has one session: test files that query it while another file's requests run could interleave
// protocol messages, so without a PostgreSQL server the API files run one at a time.
const onServer = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      // Timeouts guard against a hang on a machine five times slower than an idle one (another process keeping both
      // cores busy), never hold a speed: vitest's 5 s default failed ESLint and child-process tests on a busy machine
      // (issue 38). Speeds belong in the bench.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], testTimeout: 300_000, hookTimeout: 300_000 } },
      { test: { name: 'build', include: ['tests/build/**/*.test.ts'], testTimeout: 300_000, hookTimeout: 600_000 } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/support/api-setup.ts'],
          setupFiles: ['tests/support/api-file-setup.ts'],
          // A worker's files share its server and database, each file starting from the template's rows
          // (tests/support/api.ts), and the modules they import: a server start, a database copy and a worker
          // process per file were half of the suite's CPU (issue 38). An API file spends most of its time waiting on
          // its server, PostgreSQL and timers, so more workers than cores keep the cores busy.
          isolate: false,
          fileParallelism: onServer,
          maxWorkers: onServer ? 4 : 1,
          sequence: { groupOrder: 1 },
          testTimeout: 300_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
