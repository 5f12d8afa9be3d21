import type { AdminNotificationEntry, AdminNotificationKind, AdminNotifyMode } from '#lib/notifications/types.ts';
import {
  advanceOtherAdminsDigest,
  findAdminNotify,
  listAdminsByNotifyMode,
  listAdminIdsByNotifyMode,
  lockDigestAdmin,
  setAdminNotify,
  setDigestThrough,
} from '#server/auth/index.ts';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';
import { composeEmail } from '#server/platform/email/compose.ts';
import { env } from '#server/platform/env.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { oneClickUnsubscribe } from '#server/platform/email/unsubscribe-links.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';
import { countOf } from '#lib/shared/plural.ts';

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
  /** The visitor's address, on the admins' copy of a question or a report that gave one: a reply goes to them. */
  replyTo?: string;
}

/**
 * Records a notification in the transaction of its event and queues its email to each admin who takes each one (their
 * own choice on /admin-notifications, else ADMIN_NOTIFY); the daily digest job tells the others. `origin` is the
 * site's (platform/site-origin.ts), for the links.
 */
export async function notifyAdmins(tx: Sql | TransactionSql, notification: AdminNotification, origin: string): Promise<void> {
  await tx`
    insert into admin_notifications (kind, summary, link, club_id)
    values (${notification.kind}, ${notification.summary}, ${notification.action.path}, ${notification.clubId ?? null})`;
  for (const { id, email } of await listAdminsByNotifyMode(tx, 'each', env().ADMIN_NOTIFY)) {
    const unsubscribe = await oneClickUnsubscribe(tx, origin, 'admin-each', id);
    await enqueueEmail(tx, {
      ...composeEmail({
        to: email,
        subject: notification.summary,
        ...(notification.replyTo ? { replyTo: notification.replyTo } : {}),
        paragraphs: notification.paragraphs,
        details: notification.details,
        actions: [{ label: notification.action.label, url: `${origin}${notification.action.path}` }],
        links: [{ label: 'Stop the email for each notification', url: unsubscribe.url }],
        reason: `You receive this because you administer FlameKeeper Clubs and chose an email for each notification. To get a daily digest or no emails, change your setting on ${origin}/admin-notifications, or use the link above or your mail reader's Unsubscribe.`,
      }),
      headers: unsubscribe.headers,
    });
  }
}

/** The latest notifications, newest first. */
export async function listRecentNotifications(limit: number, sql: Sql = db()): Promise<AdminNotificationEntry[]> {
  const rows = await sql<(Omit<AdminNotificationEntry, 'id' | 'createdAt'> & { id: string; createdAt: Date })[]>`
    select id, kind, summary, link, created_at from admin_notifications order by id desc limit ${limit}`;
  return rows.map((row) => ({ ...row, id: Number(row.id), createdAt: row.createdAt.toISOString() }));
}

/** An admin's own choice (null: the site's ADMIN_NOTIFY, `siteDefault`), for the setting on /admin-notifications. */
export interface NotifySettingState {
  notify: AdminNotifyMode | null;
  siteDefault: AdminNotifyMode;
}

/** The admin's setting; null when there is no such admin. */
export async function findNotifySetting(userId: string, sql: Sql = db()): Promise<NotifySettingState | null> {
  const notify = await findAdminNotify(userId, sql);
  return notify === undefined ? null : { notify, siteDefault: env().ADMIN_NOTIFY };
}

/**
 * Turns off the admin's emails of `mode` (one-click unsubscribe of an email for each notification, or of a digest):
 * their setting becomes 'none' if it is `mode` (their own or the site's), and stays as it is otherwise, so that an old
 * link never stops emails of another kind chosen since. False when there is no such admin.
 */
export async function stopAdminEmails(userId: string, mode: Exclude<AdminNotifyMode, 'none'>): Promise<boolean> {
  const notify = await findAdminNotify(userId);
  if (notify === undefined) return false;
  if ((notify ?? env().ADMIN_NOTIFY) === mode) await setNotifySetting(userId, 'none');
  return true;
}

/**
 * Saves the admin's choice. Switching to the digest starts it after the last notification so far, which the admin
 * has had by email or chose not to get: the first digest does not repeat them.
 */
export async function setNotifySetting(userId: string, notify: AdminNotifyMode): Promise<NotifySettingState | null> {
  const siteDefault = env().ADMIN_NOTIFY;
  const [{ latest }] = await db()<[{ latest: string }]>`select coalesce(max(id), 0) as latest from admin_notifications`;
  const saved = await setAdminNotify(userId, notify, siteDefault, latest);
  return saved ? { notify: saved, siteDefault } : null;
}

/**
 * The daily digest job: to each admin whose mode is 'digest', one email listing the notifications since their last
 * digest, up to the run's `now`, with digest_through moved past them in the same transaction. The admin's row is
 * locked while it is read and moved, so two instances (or a re-run) never list a notification twice; an admin with
 * nothing new gets no email. The other admins' digest_through follows along, so that one who switches to the digest
 * (or a site whose ADMIN_NOTIFY becomes digest) is not sent what they already had. `headlines` are the day's news of
 * other domains (such as new alerts today), which the app gathers: every digest opens with them, and they alone make
 * a digest worth sending.
 */
export async function sendDigests({ sql, now, headlines = [] }: { sql: Sql; now: Date; headlines?: readonly string[] }): Promise<string> {
  const origin = siteOrigin(env().PORT);
  const siteDefault = env().ADMIN_NOTIFY;
  // Identity values are handed out when a row is inserted, not when its transaction commits: a notification with a
  // lower id may still be committing when a higher one is visible. Moving digest_through past the higher one would
  // skip it for good, so a digest only takes notifications a minute old, by which time their transactions (a request's,
  // a job's: seconds at most) have ended.
  const cutoff = new Date(now.getTime() - 60_000);
  let sent = 0;
  for (const id of await listAdminIdsByNotifyMode(sql, 'digest', siteDefault)) {
    const wasSent = await sql.begin(async (tx) => {
      const admin = await lockDigestAdmin(tx, id, siteDefault);
      if (!admin) return false;
      const notifications = await tx<{ id: string; summary: string; link: string }[]>`
        select id, summary, link from admin_notifications
        where id > ${admin.digestThrough} and created_at <= ${cutoff}
        order by id`;
      if (notifications.length === 0 && headlines.length === 0) return false;
      const unsubscribe = await oneClickUnsubscribe(tx, origin, 'admin-digest', id);
      await enqueueEmail(tx, {
        ...digestEmail(admin.email, headlines, notifications, origin, unsubscribe.url),
        headers: unsubscribe.headers,
      });
      if (notifications.length > 0) await setDigestThrough(tx, id, notifications.at(-1)!.id);
      return true;
    });
    if (wasSent) sent += 1;
  }
  const [{ latest }] = await sql<[{ latest: string | null }]>`
    select max(id) as latest from admin_notifications where created_at <= ${cutoff}`;
  await advanceOtherAdminsDigest(sql, latest, siteDefault);
  return `${sent} sent`;
}

function digestEmail(
  to: string,
  headlines: readonly string[],
  notifications: readonly { summary: string; link: string }[],
  origin: string,
  unsubscribeUrl: string,
) {
  const count = notifications.length;
  return composeEmail({
    to,
    subject: `FlameKeeper Clubs daily digest${count > 0 ? `: ${countOf(count, { one: 'new notification', other: 'new notifications' })}` : ''}`,
    paragraphs: [
      ...headlines,
      count > 0
        ? 'What needed the admins since your last digest, each with the page that acts on it:'
        : 'Nothing needed the admins since your last digest.',
    ],
    links: [
      ...notifications.map((notification) => ({ label: notification.summary, url: `${origin}${notification.link}` })),
      { label: 'Stop the daily digest', url: unsubscribeUrl },
    ],
    actions: [{ label: 'Open Admin Notifications', url: `${origin}/admin-notifications` }],
    reason: `You receive this because you administer FlameKeeper Clubs and chose a daily digest of the notifications. To get an email for each or no emails, change your setting on ${origin}/admin-notifications, or use "Stop the daily digest" or your mail reader's Unsubscribe.`,
  });
}
