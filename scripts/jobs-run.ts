// `npm run jobs:run [-- --now <ISO timestamp>] [--job <name> ...]`: runs every job that is due (as of now, or of the
// time given), or only the jobs named, once; prints what each did and what waits in the outbox, and exits; 1 when a job
// failed. A run as of a later time with only the jobs named leaves the others, such as the pruning of sessions that
// would have ended by then, alone.
import { parseArgs } from 'node:util';
import { openDatabase } from '#server/platform/db/database-setup.ts';
import { useDatabase } from '#server/platform/db/db.ts';
import { outboxBacklog } from '#server/platform/email/outbox.ts';
import { runDueJobs } from '#server/app/worker.ts';
import { JOBS } from '#server/app/schedule.ts';
import { migrate } from '#server/platform/db/migrate.ts';

const USAGE = [
  'Usage: npm run jobs:run [-- --now 2026-12-01T09:00:00Z] [--job club-check-ins ...]',
  '  --now  runs the jobs due at that time (default: now)',
  `  --job  runs only the jobs named (repeatable): ${JOBS.map((job) => job.name).join(', ')}`,
].join('\n');

const { values } = parseArgs({
  options: { now: { type: 'string' }, job: { type: 'string', multiple: true }, help: { type: 'boolean' } },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
// An ISO 8601 date and time with an explicit zone, so that a run means the same moment on every machine.
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const now = values.now === undefined ? new Date() : new Date(values.now);
if (values.now !== undefined && (!ISO_TIMESTAMP.test(values.now) || Number.isNaN(now.getTime()))) {
  console.error(`--now must be an ISO timestamp with a zone, such as 2026-12-01T09:00:00Z; got "${values.now}".`);
  console.error(USAGE);
  process.exit(2);
}

const unknownJobs = (values.job ?? []).filter((name) => !JOBS.some((job) => job.name === name));
if (unknownJobs.length > 0) {
  console.error(`No job is named ${unknownJobs.map((name) => `"${name}"`).join(', ')}.`);
  console.error(USAGE);
  process.exit(2);
}
const jobs = values.job ? JOBS.filter((job) => values.job!.includes(job.name)) : JOBS;

const database = await openDatabase();
let failed = false;
try {
  useDatabase(database.sql);
  await migrate(database.sql);
  const outcomes = await runDueJobs(database.sql, { jobs, now });
  console.log(`Jobs due at ${now.toISOString()}:`);
  if (outcomes.length === 0) console.log('  none');
  for (const { name, summary, error } of outcomes) {
    console.log(`  ${name}: ${error ? `failed: ${error}` : (summary ?? 'nothing to do')}`);
    if (error) failed = true;
  }
  const { waiting, retrying, failed: failedEmails } = await outboxBacklog(database.sql);
  console.log(`Outbox: ${waiting} waiting, ${retrying} to be retried after an error, ${failedEmails} failed for good.`);
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
