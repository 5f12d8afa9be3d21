import { describe, expect, it } from 'vitest';
import type { Sql } from '#server/platform/db/db.ts';
import { startWorker } from '#server/app/worker.ts';

describe("the job worker's stop", () => {
  // A CI run hung 120 s stopping a server after a database outage: a job's query that is never answered kept the
  // worker's pass, and with it the shutdown, waiting forever.
  it('waits for the job in progress at most its grace period', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const hung = {
      name: 'hung',
      every: 60_000,
      runsOn: 'every-instance' as const,
      run: () => (started(), new Promise<undefined>(() => {})),
    };
    const worker = startWorker({} as Sql, [hung]);
    await running;
    // Without the grace period this never resolves, and the test times out.
    await expect(worker.stop(200)).resolves.toBeUndefined();
  });

  it('resolves as soon as the job in progress ends', async () => {
    let finish!: () => void;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const job = {
      name: 'short',
      every: 60_000,
      runsOn: 'every-instance' as const,
      run: () => (started(), new Promise<undefined>((resolve) => (finish = () => resolve(undefined)))),
    };
    const worker = startWorker({} as Sql, [job]);
    await running;
    const stopped = worker.stop(60_000);
    finish();
    await expect(stopped).resolves.toBeUndefined();
  });
});
