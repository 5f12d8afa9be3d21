import type { AdminNotifyMode } from '#lib/notifications/types.ts';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';

// The admins' notification settings live on their accounts (users.notify, users.digest_through): the notifications
// domain asks for them here (decision 040). `siteDefault` is ADMIN_NOTIFY, the mode of an admin who chose none.

/** The admins whose mode (their own, else `siteDefault`) is `mode`. */
export async function listAdminsByNotifyMode(
  sql: Sql | TransactionSql,
  mode: AdminNotifyMode,
  siteDefault: AdminNotifyMode,
): Promise<{ id: string; email: string }[]> {
  return sql<{ id: string; email: string }[]>`
    select id, email from users where role = 'admin' and coalesce(notify, ${siteDefault}::admin_notify) = ${mode}`;
}

/** The ids of the admins whose mode (their own, else `siteDefault`) is `mode`. */
export async function listAdminIdsByNotifyMode(sql: Sql, mode: AdminNotifyMode, siteDefault: AdminNotifyMode): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    select id from users where role = 'admin' and coalesce(notify, ${siteDefault}::admin_notify) = ${mode}`;
  return rows.map((row) => row.id);
}

/** The admin's own choice (null: the site's default); undefined when there is no such admin. */
export async function findAdminNotify(userId: string, sql: Sql = db()): Promise<AdminNotifyMode | null | undefined> {
  const [row] = await sql<{ notify: AdminNotifyMode | null }[]>`select notify from users where id = ${userId} and role = 'admin'`;
  return row ? row.notify : undefined;
}

/**
 * Saves the admin's choice; switching to the digest (from another mode, `siteDefault` for none) starts it after
 * `latestNotification`. Returns the saved mode, or null when there is no such admin.
 */
export async function setAdminNotify(
  userId: string,
  notify: AdminNotifyMode,
  siteDefault: AdminNotifyMode,
  latestNotification: string,
): Promise<AdminNotifyMode | null> {
  const [row] = await db()<{ notify: AdminNotifyMode }[]>`
    update users set
      notify = ${notify},
      digest_through = case
        when ${notify} = 'digest' and coalesce(notify, ${siteDefault}::admin_notify) <> 'digest'
          then greatest(digest_through, ${latestNotification}::bigint)
        else digest_through
      end
    where id = ${userId} and role = 'admin'
    returning notify`;
  return row?.notify ?? null;
}

/**
 * Locks the digest admin's row for the caller's transaction and returns their email and the last notification their
 * digests have covered; null when the account is no longer an admin taking the digest.
 */
export async function lockDigestAdmin(
  tx: TransactionSql,
  userId: string,
  siteDefault: AdminNotifyMode,
): Promise<{ email: string; digestThrough: string } | null> {
  const [admin] = await tx<{ email: string; digestThrough: string }[]>`
    select email, digest_through from users
    where id = ${userId} and role = 'admin' and coalesce(notify, ${siteDefault}::admin_notify) = 'digest'
    for update`;
  return admin ?? null;
}

/** Records that the admin's digests have covered the notifications up to `through`. */
export async function setDigestThrough(tx: TransactionSql, userId: string, through: string): Promise<void> {
  await tx`update users set digest_through = ${through} where id = ${userId}`;
}

/** Moves the digest mark of every admin not taking the digest up to `latest`, so a switch to it repeats nothing. */
export async function advanceOtherAdminsDigest(sql: Sql, latest: string | null, siteDefault: AdminNotifyMode): Promise<void> {
  if (latest === null) return;
  await sql`
    update users set digest_through = ${latest}
    where role = 'admin' and coalesce(notify, ${siteDefault}::admin_notify) <> 'digest' and digest_through < ${latest}::bigint`;
}
