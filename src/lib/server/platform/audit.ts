import type { AuditEntry } from '#lib/clubs/types.ts';
import type { Sql, TransactionSql } from '#server/platform/db/db.ts';
import { db, escapeLike } from '#server/platform/db/db.ts';

/** Who made a change: the account's id and email as the log keeps them; no id for the site's own jobs. */
export interface AuditActor {
  id: string | null;
  email: string;
}

/** The actor of changes the scheduled jobs make (a reservation lapsing, a licence expiring): no account. */
export const SYSTEM_ACTOR: AuditActor = { id: null, email: 'system' };

/** The actor of what a store's paid order does on the site (a licence paid, HOST SET codes issued): no account. */
export const STORE_ACTOR: AuditActor = { id: null, email: 'store' };

/** How the audit log names a person whose account was deleted, in place of their email. */
export const DELETED_ACCOUNT = 'deleted account';

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
    select id, actor_email, action, club_id, subject, before, after, created_at
    from audit_log where club_id = ${clubId} order by id desc limit 200`;
  // The id is a bigint, which postgres.js reads as text.
  return rows.map((row) => ({ ...row, id: Number(row.id), createdAt: row.createdAt.toISOString() }));
}

/**
 * Whose audit entries to find: an account, its email, the club it owns and the licences it has had. An entry is about
 * the person when they made it, it is about their club, it names one of their licences (`Licence 12: …`), or its
 * subject names their email as the log writes it: alone (an account's entries), `Guide Name <email>`, or the
 * licence's `…, email`.
 */
export interface AuditPerson {
  userId: string;
  email: string;
  clubId: number | null;
  licenceIds: readonly number[];
}

const aboutPerson = (sql: Sql | TransactionSql, person: AuditPerson) => {
  const email = escapeLike(person.email);
  const licences = person.licenceIds.map((id) => `Licence ${id}:%`);
  return sql`(
    actor_id = ${person.userId} or actor_email = ${person.email}
    or club_id = ${person.clubId}
    or subject like any(${licences}::text[])
    or subject = ${person.email} or subject like ${`%<${email}>`} or subject like ${`%, ${email}`}
  )`;
};

/** The entries about one person as their data export gives them, oldest first: who made each says only you, the team or the site. */
export async function listPersonAudit(person: AuditPerson, sql: Sql = db()) {
  return sql<
    {
      action: string;
      by: 'you' | 'FlameKeeper team' | 'system';
      subject: string | null;
      before: unknown;
      after: unknown;
      createdAt: Date;
    }[]
  >`
    select action,
      case when actor_id = ${person.userId} or actor_email = ${person.email} then 'you'
        when actor_id is null then 'system' else 'FlameKeeper team' end as by,
      subject, before, after, created_at
    from audit_log where ${aboutPerson(sql, person)}
    order by id`;
}

/**
 * In the deletion of the person's account: their entries stay, without their email (DELETED_ACCOUNT in its place) and
 * without the host's name and email that their club's entries keep of it.
 */
export async function anonymisePersonAudit(tx: TransactionSql, person: AuditPerson): Promise<void> {
  const email = escapeLike(person.email);
  await tx`
    update audit_log set
      actor_email = case when actor_id = ${person.userId} or actor_email = ${person.email} then ${DELETED_ACCOUNT} else actor_email end,
      subject = case
        when subject like ${`Guide %<${email}>`} then ${`Guide ${DELETED_ACCOUNT}`}
        else replace(subject, ${person.email}, ${DELETED_ACCOUNT})
      end,
      before = case when club_id = ${person.clubId} and jsonb_typeof(before) = 'object' then before - '{hostName,email}'::text[] else before end,
      after = case when club_id = ${person.clubId} and jsonb_typeof(after) = 'object' then after - '{hostName,email}'::text[] else after end
    where ${aboutPerson(tx, person)}`;
}
