import type { Sql, TransactionSql } from '#server/platform/db/db.ts';
import type { Mail } from '#server/platform/email/mailer.ts';

/** An email claimed for one delivery attempt; `attempts` counts this one. */
export interface ClaimedEmail {
  id: number;
  mail: Mail;
  attempts: number;
}

/** After this many failed attempts (about three and a half hours of retries) a message is marked failed and left alone. */
export const MAX_ATTEMPTS = 12;

// Longer than one delivery can take (mailer.ts bounds it with SMTP timeouts of a few seconds), so a claim never lapses
// while its worker is still sending; a worker that died mid-send gives the message back to the others after it.
const CLAIM_SECONDS = 300;
const FIRST_RETRY_MS = 10_000;
const LONGEST_RETRY_MS = 3_600_000;

/** How long to wait after a message's n-th failed attempt before the next: 10 s, doubling each time, at most an hour. */
export function retryDelayMs(failedAttempts: number): number {
  if (!Number.isInteger(failedAttempts) || failedAttempts < 1) throw new RangeError(`Not a count of failed attempts: ${failedAttempts}`);
  return Math.min(FIRST_RETRY_MS * 2 ** (failedAttempts - 1), LONGEST_RETRY_MS);
}

/** Writes an email to the outbox in the caller's transaction: it is sent once, and only if, the transaction commits. */
export async function enqueueEmail(sql: Sql | TransactionSql, mail: Mail): Promise<number> {
  const [row] = await sql<{ id: string }[]>`
    insert into outbox (recipient, subject, body, html, reply_to, headers)
    values (${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null}, ${mail.replyTo ?? null}, ${mail.headers ? sql.json(mail.headers) : null})
    returning id`;
  return Number(row!.id);
}

/** Deletes every email to `recipient`, sent or waiting: a deleted account's address leaves the outbox with it. */
export async function deleteEmailsTo(tx: TransactionSql, recipient: string): Promise<void> {
  await tx`delete from outbox where lower(recipient) = ${recipient.toLowerCase()}`;
}

/**
 * Claims the oldest unsent message that is due at `now` and that no other worker holds, counting the attempt; null
 * when there is none. The claim is one statement: SKIP LOCKED passes over a row another worker is claiming at this
 * moment, and `locked_until` keeps it off every worker's list while it is being sent, without holding a transaction
 * (and, on the embedded database, its only connection) open during the delivery.
 */
export async function claimNextEmail(sql: Sql, now: Date): Promise<ClaimedEmail | null> {
  const [row] = await sql<
    {
      id: string;
      recipient: string;
      subject: string;
      body: string;
      html: string | null;
      replyTo: string | null;
      headers: Record<string, string> | null;
      attempts: number;
    }[]
  >`
    update outbox set attempts = attempts + 1, locked_until = now() + make_interval(secs => ${CLAIM_SECONDS})
    where id = (
      select id from outbox
      where sent_at is null and failed_at is null and next_attempt_at <= ${now}
        and (locked_until is null or locked_until < now())
      order by next_attempt_at, id
      limit 1
      for update skip locked)
    returning id, recipient, subject, body, html, reply_to, headers, attempts`;
  if (!row) return null;
  const mail: Mail = {
    to: row.recipient,
    subject: row.subject,
    text: row.body,
    ...(row.html === null ? {} : { html: row.html }),
    ...(row.replyTo === null ? {} : { replyTo: row.replyTo }),
    ...(row.headers === null ? {} : { headers: row.headers }),
  };
  return { id: Number(row.id), mail, attempts: row.attempts };
}

/**
 * Records a message as sent and drops its text and extra headers: a reset link (or an unsubscribe link) must not stay
 * readable in the database once delivered.
 */
export async function markEmailSent(sql: Sql, id: number): Promise<void> {
  await sql`update outbox set sent_at = now(), body = null, html = null, headers = null, locked_until = null where id = ${id}`;
}

/**
 * Records a failed attempt and its error: the message is due again `retryDelayMs` after the failure (after `now`, the
 * time the run is for, when that is later), or, after MAX_ATTEMPTS, marked failed. Returns when the next attempt is
 * due, or null when there will be none.
 */
export async function recordEmailFailure(sql: Sql, email: ClaimedEmail, error: string, now: Date): Promise<Date | null> {
  const lastError = error.slice(0, 1000);
  if (email.attempts >= MAX_ATTEMPTS) {
    await sql`update outbox set failed_at = now(), last_error = ${lastError}, locked_until = null where id = ${email.id}`;
    return null;
  }
  const retryAt = new Date(Math.max(now.getTime(), Date.now()) + retryDelayMs(email.attempts));
  await sql`update outbox set next_attempt_at = ${retryAt}, last_error = ${lastError}, locked_until = null where id = ${email.id}`;
  return retryAt;
}

/** Deletes messages sent more than 30 days before `now` (failed ones stay until someone looks); returns how many. */
export async function pruneSentEmails(sql: Sql, now: Date): Promise<number> {
  const deleted = await sql`delete from outbox where sent_at < ${now}::timestamptz - interval '30 days'`;
  return deleted.count;
}

/** How many messages wait for a first attempt, wait for a retry after an error, and have failed for good. */
export async function outboxBacklog(sql: Sql): Promise<{ waiting: number; retrying: number; failed: number }> {
  const [row] = await sql<{ waiting: number; retrying: number; failed: number }[]>`
    select
      count(*) filter (where sent_at is null and failed_at is null and last_error is null)::int as waiting,
      count(*) filter (where sent_at is null and failed_at is null and last_error is not null)::int as retrying,
      count(*) filter (where failed_at is not null)::int as failed
    from outbox`;
  return row!;
}
