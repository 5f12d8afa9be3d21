import type { Sql } from '#server/platform/db/db.ts';
import { logger } from '#server/platform/logger.ts';
import { claimJobRun, recordJobRunEnd } from './job-runs.ts';
import { JOBS, type Job } from './schedule.ts';

/** What became of one job in a pass: its summary, or the message of the error it failed with. */
export interface JobOutcome {
  name: string;
  summary?: string;
  error?: string;
}

/**
 * Runs, one after the other, each job that is due at `now` and returns what became of each that ran: a
 * 'one-instance' job when this caller claims its due time, an 'every-instance' job when this instance's own
 * `dueAt` record says so (always, without one). A failing job is logged and reported, never thrown, so the others run.
 */
export async function runDueJobs(
  sql: Sql,
  options: { jobs?: readonly Job[]; now?: Date; signal?: AbortSignal; dueAt?: Map<string, number> } = {},
): Promise<JobOutcome[]> {
  const { jobs = JOBS, now = new Date(), signal = new AbortController().signal, dueAt } = options;
  const outcomes: JobOutcome[] = [];
  for (const job of jobs) {
    if (signal.aborted) break;
    // The next due time counts from the clock, not from a `now` in the future (jobs:run --now), which would otherwise
    // hold every instance off the job until that future arrives.
    const next = Math.min(now.getTime(), Date.now()) + job.every;
    let claimed = false;
    try {
      if (job.runsOn === 'every-instance') {
        if (dueAt && (dueAt.get(job.name) ?? 0) > now.getTime()) continue;
        dueAt?.set(job.name, next);
      } else {
        claimed = await claimJobRun(sql, job.name, now, new Date(next));
        if (!claimed) continue;
      }
      const summary = await job.run({ sql, now, signal });
      if (claimed) await recordJobRunEnd(sql, job.name, null);
      if (summary) logger.info({ job: job.name, summary }, 'job ran');
      outcomes.push({ name: job.name, summary });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger.error({ err: error, job: job.name }, 'job failed');
      if (claimed) await recordJobRunEnd(sql, job.name, message.slice(0, 1000)).catch(() => {});
      outcomes.push({ name: job.name, error: message });
    }
  }
  return outcomes;
}

/** The worker of a server process. */
export interface Worker {
  /** Runs the 'every-instance' jobs (the outbox's delivery) now rather than at the next tick. */
  wake(): void;
  /**
   * Takes no more work, lets the job in progress finish its current item (an email being sent) and resolves; after
   * `graceMs` at the latest, so that a query the database never answers cannot hold a stopping process.
   */
  stop(graceMs?: number): Promise<void>;
}

const TICK_MS = 1_000;
/** How long stop() waits for the job in progress: as long as the HTTP server waits for requests in flight. */
const STOP_GRACE_MS = 10_000;

// The worker serve.ts started, which a route's wakeWorker() reaches: the built server loads this module from its
// source too (astro.config.mjs keeps #server/ out of the bundle), so both see this one variable.
let running: Worker | undefined;

/** Starts this process's job worker on `sql`: a pass over the due jobs every second, and at once on wake(). */
export function startWorker(sql: Sql, jobs: readonly Job[] = JOBS): Worker {
  const controller = new AbortController();
  const dueAt = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;
  let wokenDuringPass = false;

  const schedule = (ms: number) => {
    timer = setTimeout(runPass, ms);
    timer.unref();
  };
  function runPass() {
    timer = undefined;
    pass = runDueJobs(sql, { jobs, now: new Date(), signal: controller.signal, dueAt })
      .then(
        () => undefined,
        (error: unknown) => logger.error({ err: error }, 'job worker pass failed'),
      )
      .finally(() => {
        pass = undefined;
        if (controller.signal.aborted) return;
        schedule(wokenDuringPass ? 0 : TICK_MS);
        wokenDuringPass = false;
      });
  }

  const worker: Worker = {
    wake() {
      if (controller.signal.aborted) return;
      dueAt.clear();
      if (pass) {
        wokenDuringPass = true;
      } else {
        clearTimeout(timer);
        schedule(0);
      }
    },
    async stop(graceMs = STOP_GRACE_MS) {
      controller.abort();
      clearTimeout(timer);
      let grace: NodeJS.Timeout | undefined;
      const given = new Promise<void>((resolve) => (grace = setTimeout(resolve, graceMs)));
      await Promise.race([pass, given]);
      clearTimeout(grace);
      if (running === worker) running = undefined;
    },
  };
  running = worker;
  schedule(0);
  return worker;
}

/** Asks this process's worker, if it runs one, to deliver now: for a request that has just queued an email. */
export function wakeWorker(): void {
  running?.wake();
}
