import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { COMPILE_CACHE } from './server-process.ts';

const JOBS_RUN = fileURLToPath(new URL('../../scripts/jobs-run.ts', import.meta.url));

/**
 * `npm run jobs:run` as an operator runs it, with `args` (`--now`, `--job`), on the database and mail settings of
 * `env`; resolves with its exit code and output, whether it succeeded or not.
 */
export function runJobsCommand(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [JOBS_RUN, ...args],
      { env: { ...process.env, NODE_COMPILE_CACHE: COMPILE_CACHE, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, output: stdout + stderr }),
    );
  });
}
