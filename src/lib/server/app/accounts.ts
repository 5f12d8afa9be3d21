import type { AccountDetails, AccountPlace } from '#lib/app/account-types.ts';
import { UNCONFIRMED_ACCOUNT_DAYS } from '#lib/auth/email-status-types.ts';
import type { AccountDetailsInput } from '#lib/schemas/account.ts';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';

// A host's or a guide's account as its holder sees it on /account and after signing in. It spans the auth, clubs and
// licensing domains (the person's name is their club's host name and their guide name), so the app storey keeps it.

const homeOf = (clubId: number | null) => (clubId === null ? '/my-licences' : `/club-profile/${clubId}`);

/** The account's details, or null for an unknown account or the admin's. */
export async function findAccountDetails(userId: string): Promise<AccountDetails | null> {
  const [row] = await db()<Omit<AccountDetails, 'home'>[]>`
    select u.email, u.email_confirmed_at is not null as "emailConfirmed", c.id as "clubId", g.user_id is not null as "isGuide",
      coalesce(c.host_name, g.name) as name, g.phone
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

/**
 * Saves the account holder's name as their club's host name and their guide name, whichever they have, and the phone
 * as the guide's (a host without a guide record has no phone to keep), in one transaction.
 */
export async function updateAccountDetails(userId: string, details: AccountDetailsInput): Promise<AccountDetails | null> {
  await db().begin(async (tx) => {
    await tx`update clubs set host_name = ${details.name}, updated_at = now() where owner_id = ${userId}`;
    await tx`update guides set name = ${details.name}, phone = ${details.phone} where user_id = ${userId}`;
  });
  return findAccountDetails(userId);
}

/**
 * Deletes, as of `now`, every host's or guide's account created UNCONFIRMED_ACCOUNT_DAYS or more before and whose email
 * was never confirmed, if it holds nothing: no club, no licence (in any state) and no store order from its address. So
 * nobody keeps someone else's address by registering it. Returns how many; one statement, so two instances running it
 * at once delete each account once. The scheduled job `delete-unconfirmed-accounts`.
 */
export async function deleteUnconfirmedEmptyAccounts(sql: Sql, now: Date): Promise<number> {
  const deleted = await sql`
    delete from users u
    where u.role in ('host', 'guide') and u.email_confirmed_at is null
      and u.created_at <= ${now}::timestamptz - make_interval(days => ${UNCONFIRMED_ACCOUNT_DAYS})
      and not exists (select 1 from clubs c where c.owner_id = u.id)
      and not exists (select 1 from licences l where l.guide_id = u.id)
      and not exists (select 1 from store_orders o where lower(o.email) = lower(u.email))`;
  return deleted.count;
}
