import type { AdminNotificationKind } from '#lib/notification-types.ts';
import type { Sql, TransactionSql } from '#server/db/db.ts';
import { composeEmail } from '#server/email/compose.ts';
import { env } from '#server/env.ts';
import { enqueueEmail } from '#server/jobs/outbox.ts';

/** Something the admins should hear about, and the admin page that acts on it. */
export interface AdminNotification {
  kind: AdminNotificationKind;
  /** One line: the subject of its email and its line in the digest. */
  summary: string;
  /** The email's words. */
  paragraphs: readonly string[];
  details?: readonly (readonly [label: string, value: string])[];
  /** The path of the page that acts on it, and its button's words. */
  action: { label: string; path: string };
  clubId?: number | null;
}

/**
 * Records a notification in the transaction of its event and queues its email to each admin who takes each one (their
 * own choice on /admin-notifications, else ADMIN_NOTIFY); the daily digest job tells the others. `origin` is the
 * site's (site-origin.ts), for the links.
 */
export async function notifyAdmins(tx: Sql | TransactionSql, notification: AdminNotification, origin: string): Promise<void> {
  await tx`
    insert into admin_notifications (kind, summary, link, club_id)
    values (${notification.kind}, ${notification.summary}, ${notification.action.path}, ${notification.clubId ?? null})`;
  const admins = await tx<{ email: string }[]>`
    select email from users where role = 'admin' and coalesce(notify, ${env().ADMIN_NOTIFY}::admin_notify) = 'each'`;
  for (const { email } of admins) {
    await enqueueEmail(
      tx,
      composeEmail({
        to: email,
        subject: notification.summary,
        paragraphs: notification.paragraphs,
        details: notification.details,
        actions: [{ label: notification.action.label, url: `${origin}${notification.action.path}` }],
        reason: `You receive this because you administer FlameKeeper Clubs and chose an email for each notification. To get a daily digest or no emails, change your setting on ${origin}/admin-notifications.`,
      }),
    );
  }
}
