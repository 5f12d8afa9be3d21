// Joins: auth, clubs, guides. An account's name is its club's host name or its guide name, whichever it has: the
// password checks read it in the same query as the account (one subselect is the fast way, and the only one here, as
// clubs and licensing build on the auth domain, not it on them). It only reads.
import type { Sql, TransactionSql } from '#server/platform/db/db.ts';

/**
 * The name of the account `u` (a query's alias for users): its club's host name or its guide name, whichever it has.
 * The password policy refuses it.
 */
export const ownerName = (sql: Sql | TransactionSql) =>
  sql`coalesce((select host_name from clubs where owner_id = u.id), (select name from guides where user_id = u.id))`;

/** The account's name as ownerName reads it; null when it owns no club and has no guide record. */
export async function findOwnerName(sql: Sql | TransactionSql, userId: string): Promise<string | null> {
  const [row] = await sql<{ name: string | null }[]>`select ${ownerName(sql)} as name from (select ${userId}::uuid as id) u`;
  return row?.name ?? null;
}
