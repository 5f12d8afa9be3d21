import type { Club } from '#lib/clubs/types.ts';
import type { User } from '#server/auth/index.ts';
import { recordAudit } from '#server/platform/audit.ts';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';
import { clubSnapshot, findClub } from './clubs.ts';

// The club's part of its host's own data (issue 29): what the export gives them and what deleting the account deletes.

/** The club the account owns, with its meeting times and place (its owner's view); null when it owns none. */
export async function findOwnClub(userId: string, sql: Sql | TransactionSql = db(), { lock = false } = {}): Promise<Club | null> {
  const [row] = await sql<{ id: number }[]>`select id from clubs where owner_id = ${userId} ${lock ? sql`for update` : sql``}`;
  return row ? findClub(sql, row.id) : null;
}

/**
 * Deletes the club the account owns, in the account's deletion: it leaves the directory at once, its join requests
 * and check-ins go with it (on delete cascade), and the audit log keeps the deletion as the host's. Its HOST SET code
 * stays redeemed. Returns the club deleted, or null when the account owns none.
 */
export async function deleteOwnClub(tx: TransactionSql, owner: User): Promise<Club | null> {
  const club = await findOwnClub(owner.id, tx, { lock: true });
  if (!club) return null;
  await tx`delete from clubs where id = ${club.id}`;
  await recordAudit(tx, {
    actor: owner,
    action: 'club.delete',
    clubId: club.id,
    subject: club.clubName,
    before: clubSnapshot(club),
    after: null,
  });
  return club;
}
