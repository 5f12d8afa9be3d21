import type { Sql } from '#server/platform/db/db.ts';
import { logger } from '#server/platform/logger.ts';
import { sendMail } from '#server/platform/email/mailer.ts';
import { claimNextEmail, markEmailSent, recordEmailFailure } from './outbox.ts';

// A run ends after this many messages so that a long queue does not hold up the worker's other jobs; the rest go in
// the next run, a second later.
const MESSAGES_PER_RUN = 50;

/**
 * The outbox's delivery job: claims due messages one at a time and sends each, recording the outcome, until none is
 * due, the run's share is done or the worker stops. A message being sent when the worker stops is finished first.
 */
export async function deliverDueEmails({ sql, now, signal }: { sql: Sql; now: Date; signal: AbortSignal }): Promise<string | undefined> {
  let sent = 0;
  let failed = 0;
  while (sent + failed < MESSAGES_PER_RUN && !signal.aborted) {
    const email = await claimNextEmail(sql, now);
    if (!email) break;
    try {
      await sendMail(email.mail);
    } catch (error) {
      failed += 1;
      const retryAt = await recordEmailFailure(sql, email, errorText(error), now);
      if (retryAt) logger.warn({ err: error, outboxId: email.id, attempts: email.attempts, retryAt }, 'email not sent; will retry');
      else logger.error({ err: error, outboxId: email.id, attempts: email.attempts }, 'email not sent; gave up');
      continue;
    }
    await markEmailSent(sql, email.id);
    sent += 1;
    logger.info({ outboxId: email.id, attempts: email.attempts }, 'email sent');
  }
  return sent + failed > 0 ? `${sent} sent, ${failed} failed` : undefined;
}

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = 'code' in error && typeof error.code === 'string' ? `${error.code}: ` : '';
  return `${code}${error.message}`;
}
