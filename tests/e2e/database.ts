import { execFileSync } from 'node:child_process';
import postgres from 'postgres';
import type { Sql } from '#server/platform/db/db.ts';
import { readE2EState } from '../support/e2e-state.ts';
import { test } from './fixtures.ts';

// The e2e server's database, for what a test sets up or checks straight in it, and its jobs run with the project's CLI.

/** Runs `work` on a connection of its own to the e2e database. */
export async function withDatabase<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
  const sql = postgres(readE2EState().databaseUrl, { max: 1, onnotice: () => {} });
  try {
    return await work(sql as unknown as Sql);
  } finally {
    await sql.end();
  }
}

/**
 * Runs the named jobs as of `now` with the CLI (`npm run jobs:run -- --now … --job …`), its links naming the e2e
 * server; its output. Only those jobs: the others as of a later time would act on every test's data, such as pruning
 * the admin sessions of tests running beside this one (the admin's idle limit is an hour).
 */
export function runJobsAt(now: Date, jobs: readonly [string, ...string[]]): string {
  const state = readE2EState();
  const { port } = new URL(test.info().project.use.baseURL!);
  return execFileSync(process.execPath, ['scripts/jobs-run.ts', '--now', now.toISOString(), ...jobs.flatMap((job) => ['--job', job])], {
    env: {
      ...process.env,
      DATABASE_URL: state.databaseUrl,
      DATABASE_POOL_MAX: String(state.databasePoolMax),
      DATA_DIR: state.dataDir,
      PORT: port,
    },
    encoding: 'utf8',
  });
}
