import type { Language } from '#lib/shared/languages.ts';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';

// Whether a host or a guide gets the one reminder of a join request or a message left unanswered (issue 41 item 17):
// on by default; turned off from the reminder's one-click unsubscribe or on /account, and back on there. The message
// is followed up by the team all the same (follow-ups/follow-up-job.ts). The setting is the account's, so auth keeps it.

/** The account's setting; null for no host's or guide's account. */
export async function findReplyReminders(userId: string): Promise<boolean | null> {
  const [row] = await db()<{ replyReminders: boolean }[]>`
    select reply_reminders from users where id = ${userId} and role in ('host', 'guide')`;
  return row?.replyReminders ?? null;
}

/** Saves the account's setting; null for no host's or guide's account. */
export async function setReplyReminders(userId: string, on: boolean): Promise<boolean | null> {
  const [row] = await db()<{ replyReminders: boolean }[]>`
    update users set reply_reminders = ${on} where id = ${userId} and role in ('host', 'guide') returning reply_reminders`;
  return row?.replyReminders ?? null;
}

/** Of the accounts `userIds`, those whose setting is on, each with its email and language: one query for the reminders' job. */
export async function findRemindedAccounts(
  sql: Sql | TransactionSql,
  userIds: readonly string[],
): Promise<Map<string, { email: string; language: Language }>> {
  if (userIds.length === 0) return new Map();
  const rows = await sql<{ id: string; email: string; language: Language }[]>`
    select id, email, language from users where id = any(${sql.array([...userIds])}::uuid[]) and reply_reminders`;
  return new Map(rows.map(({ id, email, language }) => [id, { email, language }]));
}
