import type { AccountDetails } from '#lib/app/account-types.ts';
import { UNCONFIRMED_ACCOUNT_DAYS } from '#lib/auth/email-status-types.ts';
import type { AccountDetailsInput } from '#lib/schemas/account.ts';
import { deleteUnconfirmedAccounts, setAccountLanguage } from '#server/auth/index.ts';
import { setHostName } from '#server/clubs/index.ts';
import { setGuideNameAndPhone } from '#server/guides/index.ts';
import { db, type Sql } from '#server/platform/db/db.ts';
import { findAccountDetails, holdsSomething } from './accounts-read-model.ts';

// A host's or a guide's account as its holder sees it on /account and after signing in. It spans the auth, clubs and
// licensing domains (the person's name is their club's host name and their guide name), so the app storey keeps it:
// its reads in accounts-read-model.ts, its writes through each domain's face.
export { findAccountDetails, findAccountPlace } from './accounts-read-model.ts';

/**
 * Saves the account holder's name as their club's host name and their guide name, whichever they have, the phone as
 * the guide's (a host without a guide record has no phone to keep) and the language of their emails when given, in one
 * transaction.
 */
export async function updateAccountDetails(userId: string, details: AccountDetailsInput): Promise<AccountDetails | null> {
  await db().begin(async (tx) => {
    await setHostName(tx, userId, details.name);
    await setGuideNameAndPhone(tx, userId, details.name, details.phone);
    if (details.language) await setAccountLanguage(tx, userId, details.language);
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
  return deleteUnconfirmedAccounts(sql, now, UNCONFIRMED_ACCOUNT_DAYS, holdsSomething);
}
