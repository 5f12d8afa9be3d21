import fs from 'node:fs';
import path from 'node:path';
import { runJobs, testDataDir, testSql } from './api.ts';

// What the alert test files share: running the alert job on the file's database, and reading the links and the outbox.

/**
 * A moment just ahead of the clock, which the job is run as of: the server's own worker, which runs the job when it is
 * due by the clock, leaves it to the run the test makes.
 */
export const soon = () => new Date(Date.now() + 5 * 60_000);

/**
 * Runs the alert job as `npm run jobs:run -- --now <ISO> --job alert-emails` does, on this file's database, made due at
 * `now` first (the server's worker ran it when it started, and it is hourly).
 */
export async function runAlertJob(now = soon()): Promise<string> {
  await testSql()`update scheduled_jobs set next_run_at = ${now} where name = 'alert-emails'`;
  return runJobs('--now', now.toISOString(), '--job', 'alert-emails');
}

/** The outbox rows queued to `address` (sent or not), oldest first. */
export const outboxTo = (address: string) =>
  testSql()<{ subject: string }[]>`select subject from outbox where lower(recipient) = lower(${address}) order by id`;

/** A link's token in an email, found by the path before it. */
export function tokenIn(mail: string, path: string): string {
  const match = new RegExp(`${path.replace(/[/?]/g, '\\$&')}\\?token=([A-Za-z0-9_-]{43})`).exec(mail);
  if (!match) throw new Error(`no ${path} link in:\n${mail}`);
  return match[1]!;
}

/**
 * The one-click unsubscribe address in the headers of the email to `address` that names `text`, read from the message
 * as written: the headers are not quoted-printable, and decoding them as such would turn a token's "=4F" into another
 * character.
 */
export function unsubscribeHeaderOf(address: string, text: string): string {
  const dir = path.join(testDataDir, 'mail');
  const raw = fs
    .readdirSync(dir)
    .map((file) => fs.readFileSync(path.join(dir, file), 'latin1'))
    .find((mail) => mail.includes(`To: ${address}`) && mail.includes(text.split(' ').at(-1)!));
  return /^List-Unsubscribe:\s*<([^>]+)>/m.exec(raw!)![1]!;
}
