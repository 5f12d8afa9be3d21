import type { Sql } from '#server/platform/db/db.ts';

/**
 * Claims one due time of a job for this caller: moves the job's `next_run_at` to `next` if it was due at `now` (a job
 * without a row yet is due). One conditional statement, so of several instances asking at once exactly one gets true.
 */
export async function claimJobRun(sql: Sql, name: string, now: Date, next: Date): Promise<boolean> {
  const rows = await sql`
    insert into scheduled_jobs as job (name, next_run_at, last_started_at) values (${name}, ${next}, now())
    on conflict (name) do update set next_run_at = excluded.next_run_at, last_started_at = excluded.last_started_at
    where job.next_run_at <= ${now}
    returning name`;
  return rows.length === 1;
}

/** Records the end of a claimed run: its error, or null when it succeeded. */
export async function recordJobRunEnd(sql: Sql, name: string, error: string | null): Promise<void> {
  await sql`update scheduled_jobs set last_finished_at = now(), last_error = ${error} where name = ${name}`;
}
