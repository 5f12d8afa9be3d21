import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      { test: { name: 'build', include: ['tests/build/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/support/api-setup.ts'],
          // Embedded PGlite has one session: test files that query it while another file's requests run could
          // interleave protocol messages, so without a PostgreSQL server the files run one at a time.
          fileParallelism: Boolean(process.env.TEST_DATABASE_URL),
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
