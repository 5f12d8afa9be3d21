// Joins: follow-ups, clubs, guides. The admin's Unanswered queue lists escalated join requests and messages to guides
// with whom they were sent to: one query over both tables and their recipients is the fast way, where asking clubs and
// guides for each message would be a query per message. It only reads.
import { clubPagePath } from '#lib/clubs/pages.ts';
import { guidePagePath } from '#lib/guides/types.ts';
import { joinRequestsPath, type UnansweredKind, type UnansweredMessage } from '#lib/follow-ups/unanswered-types.ts';
import { recordAudit, type AuditActor } from '#server/platform/audit.ts';
import { db } from '#server/platform/db/db.ts';

// The admin's Unanswered queue (issue 28): every escalated message still open, oldest first. It stays short (a
// message leaves it once answered or followed up), so it is read whole.

interface Row {
  kind: UnansweredKind;
  id: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  message: string | null;
  recipientId: number;
  recipientName: string;
  createdAt: Date;
  remindedAt: Date;
  escalatedAt: Date;
}

/** Every escalated message still open, the oldest first. */
export async function listUnansweredMessages(): Promise<UnansweredMessage[]> {
  const rows = await db()<Row[]>`
    select 'guide-message' as kind, m.id, m.name, m.email, m.phone, m.message, g.public_id as "recipientId",
      g.name as "recipientName", m.created_at, m.reminded_at, m.escalated_at
    from guide_messages m join guides g on g.user_id = m.guide_id
    where m.escalated_at is not null and m.closed_at is null
    union all
    select 'join-request', j.id, j.name, j.email, j.phone, j.message, c.id, c.club_name, j.created_at, j.reminded_at, j.escalated_at
    from join_requests j join clubs c on c.id = j.club_id
    where j.escalated_at is not null and j.closed_at is null
    order by created_at, kind, id`;
  return rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    visitor: row.name && row.email ? { name: row.name, email: row.email, phone: row.phone } : null,
    message: row.message,
    recipient:
      row.kind === 'guide-message'
        ? { kind: 'guide', name: row.recipientName, pagePath: guidePagePath({ id: row.recipientId, name: row.recipientName }) }
        : {
            kind: 'club',
            name: row.recipientName,
            pagePath: clubPagePath({ id: row.recipientId, clubName: row.recipientName }),
            adminPath: `/admin-clubs?club=${row.recipientId}`,
            requestsPath: joinRequestsPath(row.recipientId),
          },
    createdAt: row.createdAt.toISOString(),
    remindedAt: row.remindedAt.toISOString(),
    escalatedAt: row.escalatedAt.toISOString(),
  }));
}

export type FollowedUpOutcome = 'closed' | 'not-found' | 'already-closed';

/**
 * "Followed up": the admin closes an escalated message (closed_at, nothing else: a join request stays 'new', as its
 * host never answered), written to the audit log. Not found unless escalated; already closed when answered or
 * followed up meanwhile.
 */
export async function closeUnansweredMessage(kind: UnansweredKind, id: number, admin: AuditActor, now: Date): Promise<FollowedUpOutcome> {
  return db().begin(async (tx) => {
    const table = kind === 'guide-message' ? tx`guide_messages` : tx`join_requests`;
    const [row] = await tx<
      { open: boolean }[]
    >`select closed_at is null as open from ${table} where id = ${id} and escalated_at is not null for update`;
    if (!row) return 'not-found';
    if (!row.open) return 'already-closed';
    await tx`update ${table} set closed_at = ${now} where id = ${id}`;
    await recordAudit(tx, {
      actor: admin,
      action: `${kind}.followed-up`,
      subject: `${kind} ${id}`,
      after: { closedAt: now.toISOString() },
    });
    return 'closed';
  });
}
