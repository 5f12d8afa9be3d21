// Joins: auth, clubs, guides, licensing, store. A host's or a guide's account as its holder sees it spans domains (the
// person's name is their club's host name and their guide name), and an unconfirmed account may be deleted only while
// it holds nothing (no club, licence or store order): one query with left joins or exists() is the fast way, where
// asking each domain would be a query each per account, and the deletion's condition must be read in its statement.
// It only reads.
import type { AccountDetails, AccountPlace } from '#lib/app/account-types.ts';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';

const homeOf = (clubId: number | null) => (clubId === null ? '/my-licences' : `/club-profile/${clubId}`);

/** The account's details, or null for an unknown account or the admin's. */
export async function findAccountDetails(userId: string): Promise<AccountDetails | null> {
  const [row] = await db()<Omit<AccountDetails, 'home'>[]>`
    select u.email, u.email_confirmed_at is not null as "emailConfirmed", c.id as "clubId", g.user_id is not null as "isGuide",
      coalesce(c.host_name, g.name) as name, g.phone, u.language
    from users u left join clubs c on c.owner_id = u.id left join guides g on g.user_id = u.id
    where u.id = ${userId} and u.role in ('host', 'guide')`;
  return row ? { ...row, home: homeOf(row.clubId) } : null;
}

/** Where a host or a guide who has just signed in belongs (read in the caller's transaction, if given). */
export async function findAccountPlace(userId: string, sql: Sql | TransactionSql = db()): Promise<AccountPlace> {
  const [row] = await sql<Omit<AccountPlace, 'home'>[]>`
    select (select id from clubs where owner_id = ${userId}) as "clubId", exists (select 1 from guides where user_id = ${userId}) as "isGuide"`;
  return { ...row!, home: homeOf(row!.clubId) };
}

/** Whether the account `u` (a query's alias for users) holds anything: a club, a licence in any state, a store order. */
export const holdsSomething = (sql: Sql) => sql`
  exists (select 1 from clubs c where c.owner_id = u.id)
  or exists (select 1 from licences l where l.guide_id = u.id)
  or exists (select 1 from store_orders o where lower(o.email) = lower(u.email))`;
