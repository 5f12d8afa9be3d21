import type { AuditEntry } from '#lib/club-types.ts';
import type { Sql, TransactionSql } from '#server/platform/db/db.ts';
import { db } from '#server/platform/db/db.ts';

/** Who made a change: the account's id and email as the log keeps them; no id for the site's own jobs. */
export interface AuditActor {
  id: string | null;
  email: string;
}

/** The actor of changes the scheduled jobs make (a reservation lapsing, a licence expiring): no account. */
export const SYSTEM_ACTOR: AuditActor = { id: null, email: 'system' };

/** Records a change (an admin's, a person's own, or a job's) inside the transaction that makes it. */
export async function recordAudit(
  tx: TransactionSql | Sql,
  entry: {
    actor: AuditActor;
    action: string;
    clubId?: number | null;
    subject?: string | null;
    before?: object | null;
    after?: object | null;
  },
): Promise<void> {
  await tx`
    insert into audit_log (actor_id, actor_email, action, club_id, subject, before, after)
    values (${entry.actor.id}, ${entry.actor.email}, ${entry.action}, ${entry.clubId ?? null}, ${entry.subject ?? null},
      ${entry.before ? tx.json(entry.before as never) : null}, ${entry.after ? tx.json(entry.after as never) : null})`;
}

/** A club's audit trail, newest first. */
export async function listClubAudit(clubId: number): Promise<AuditEntry[]> {
  const rows = await db()<(Omit<AuditEntry, 'id' | 'createdAt'> & { id: string; createdAt: Date })[]>`
    select id, actor_email as "actorEmail", action, club_id as "clubId", subject, before, after, created_at as "createdAt"
    from audit_log where club_id = ${clubId} order by id desc limit 200`;
  // The id is a bigint, which postgres.js reads as text.
  return rows.map((row) => ({ ...row, id: Number(row.id), createdAt: row.createdAt.toISOString() }));
}
