import type { TransactionSql } from '#server/platform/db/db.ts';
import { db } from '#server/platform/db/db.ts';
import { teamAddress } from '#server/platform/email/compose.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { passwordProblem } from '#server/platform/password-policy.ts';
import { passwordChangedEmail, type PasswordChangePath } from './account-emails.ts';
import { cancelEmailChanges } from './email-confirmations.ts';
import { ownerName } from './owner-name-read-model.ts';
import { hashPassword, verifyPassword } from './password.ts';

/** The page of reset links (with their token) and, without one, of the form that emails a link: where "it was not me" leads. */
export const RESET_PASSWORD_PATH = '/reset-password';

/**
 * Stores a new password hash for an account, in the caller's transaction: every outstanding reset link is spent,
 * every open email change is cancelled (issue 37 F0: one asked for by whoever knew the old password must not outlive
 * its owner's recovery), every session but `keepSessionId` ends, and "Your password was changed" is queued to the
 * account's address.
 */
export async function storeNewPassword(
  tx: TransactionSql,
  change: { userId: string; email: string; passwordHash: string; path: PasswordChangePath; origin: string; keepSessionId?: string },
): Promise<void> {
  await tx`update users set password_hash = ${change.passwordHash} where id = ${change.userId}`;
  await tx`update password_reset_tokens set used_at = now() where user_id = ${change.userId} and used_at is null`;
  await cancelEmailChanges(tx, change.userId, 'password');
  // Deleted here rather than through Lucia (it has its own connection) so the sessions end with the commit.
  await tx`delete from user_sessions where user_id = ${change.userId} and id is distinct from ${change.keepSessionId ?? null}`;
  await enqueueEmail(
    tx,
    passwordChangedEmail({
      to: change.email,
      path: change.path,
      resetUrl: `${change.origin}${RESET_PASSWORD_PATH}`,
      supportEmail: teamAddress(),
    }),
  );
}

/** What a change on the Account page did: done; or, changing nothing, which field to correct and why. */
export type PasswordChangeResult = { changed: true } | { field: 'currentPassword' | 'password'; problem: string };

export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.';

/**
 * The signed-in holder of a host's or a guide's account changes its password: the current one must match, the new one
 * pass the policy (with the account's name and email), and every other session ends; this one stays signed in.
 */
export async function changePassword(
  input: { userId: string; sessionId: string; currentPassword: string; newPassword: string },
  origin: string,
): Promise<PasswordChangeResult> {
  return db().begin(async (tx) => {
    const [account] = await tx<{ email: string; passwordHash: string; name: string | null }[]>`
      select u.email, u.password_hash, ${ownerName(tx)} as name
      from users u where u.id = ${input.userId} and u.role in ('host', 'guide')
      for update of u`;
    if (!account || !(await verifyPassword(account.passwordHash, input.currentPassword))) {
      return { field: 'currentPassword', problem: WRONG_CURRENT_PASSWORD };
    }
    const refusal = passwordProblem(input.newPassword, account);
    if (refusal) return { field: 'password', problem: refusal };

    const passwordHash = await hashPassword(input.newPassword);
    await storeNewPassword(tx, {
      userId: input.userId,
      email: account.email,
      passwordHash,
      path: 'account',
      origin,
      keepSessionId: input.sessionId,
    });
    return { changed: true };
  });
}

/** Whether `password` is the account's current password: its holder is asking. */
export async function isCurrentPassword(userId: string, password: string): Promise<boolean> {
  const [account] = await db()<{ passwordHash: string }[]>`select password_hash from users where id = ${userId}`;
  return verifyPassword(account?.passwordHash ?? null, password);
}
