import { alertsDigestHeadline, runAlerts } from '#server/alerts/index.ts';
import { deleteUnconfirmedEmptyAccounts } from '#server/app/accounts.ts';
import { deleteEndedSessions } from '#server/auth/index.ts';
import { applyCheckIns } from '#server/check-ins/index.ts';
import { moveDemandWindow } from '#server/demand/index.ts';
import { UNMET_SEARCH_DAYS } from '#lib/demand/counts.ts';
import { followUpMessages } from '#server/follow-ups/index.ts';
import { runReminders } from '#server/members/index.ts';
import { applyLicenceTransitions } from '#server/licensing/index.ts';
import { sendDigests } from '#server/notifications/index.ts';
import type { Sql } from '#server/platform/db/db.ts';
import { deliverDueEmails } from '#server/platform/email/delivery.ts';
import { pruneSentEmails } from '#server/platform/email/outbox.ts';

/** What a job is given when it runs. */
export interface JobContext {
  sql: Sql;
  /**
   * The time the run is for: the clock's, or the one `npm run jobs:run -- --now <ISO>` gives. Jobs compare rows with
   * it rather than with the database's now(), so that tests and operators can run them as of any time.
   */
  now: Date;
  /** Aborted when the worker stops: a job that loops over work stops taking more and returns. */
  signal: AbortSignal;
}

/** A job of the worker's. A new one is one more entry in JOBS. */
export interface Job {
  /** Unique; the key of its row in the scheduled_jobs table. */
  name: string;
  /** Milliseconds from one due time to the next. */
  every: number;
  /**
   * 'one-instance': each due time is claimed in scheduled_jobs before the job runs, so it runs once however many
   * instances there are. A run cut short (a crash) is not repeated before the next due time, so such a job acts on
   * everything that is past due, not only on what fell due since the last run.
   * 'every-instance': each instance runs it on its own clock, for work that is claimed row by row (the outbox), which
   * several instances share out instead of waiting for one of them.
   */
  runsOn: 'one-instance' | 'every-instance';
  /** The work; may resolve with a short summary for the log and for `jobs:run`. */
  run(context: JobContext): Promise<string | undefined>;
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Every job, in the order the worker runs those that are due. */
export const JOBS: readonly Job[] = [
  { name: 'deliver-emails', every: SECOND, runsOn: 'every-instance', run: deliverDueEmails },
  {
    name: 'prune-sent-emails',
    every: DAY,
    runsOn: 'one-instance',
    run: async ({ sql, now }) => `${await pruneSentEmails(sql, now)} deleted`,
  },
  {
    name: 'prune-ended-sessions',
    every: DAY,
    runsOn: 'one-instance',
    run: async ({ sql, now }) => `${await deleteEndedSessions(sql, now)} deleted`,
  },
  {
    name: 'delete-unconfirmed-accounts',
    every: HOUR,
    runsOn: 'one-instance',
    run: async ({ sql, now }) => `${await deleteUnconfirmedEmptyAccounts(sql, now)} deleted`,
  },
  { name: 'licence-transitions', every: MINUTE, runsOn: 'one-instance', run: applyLicenceTransitions },
  { name: 'club-check-ins', every: HOUR, runsOn: 'one-instance', run: applyCheckIns },
  {
    name: 'admin-digest',
    every: DAY,
    runsOn: 'one-instance',
    run: async ({ sql, now }) => {
      const headlines = [await alertsDigestHeadline(sql, now)].filter((line) => line !== null);
      return sendDigests({ sql, now, headlines });
    },
  },
  { name: 'message-follow-ups', every: 5 * MINUTE, runsOn: 'one-instance', run: followUpMessages },
  // Hourly, so a day's unmet searches leave the window, and its keyed marks are deleted, within an hour of midnight UTC.
  { name: 'demand-window', every: HOUR, runsOn: 'one-instance', run: ({ sql, now }) => moveDemandWindow(sql, now, UNMET_SEARCH_DAYS) },
  // Issue 39: new clubs matched to alerts, one email a day per alert, "Keep this alert?", unconfirmed and ended alerts deleted.
  { name: 'alert-emails', every: HOUR, runsOn: 'one-instance', run: runAlerts },
  // Issue 40: each member's reminder before each session at the host's lead time, and the host's morning summary. Every
  // 5 minutes, so a reminder due at 9:00 goes by 9:05; each goes once (a row per member and session, claimed with it).
  { name: 'club-reminders', every: 5 * MINUTE, runsOn: 'one-instance', run: runReminders },
];
