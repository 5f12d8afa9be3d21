import type { Language } from '#lib/shared/languages.ts';
import { db, type TransactionSql } from '#server/platform/db/db.ts';
import { hashLinkToken, newLinkToken } from '#server/platform/tokens.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import type { Mail } from '#server/platform/email/mailer.ts';
import { identifierKey } from './identifiers.ts';
import { hashPassword } from './password.ts';
import { passwordProblemFor } from '#server/platform/password-policy.ts';
import { ownerName } from './owner-name-read-model.ts';
import { storeNewPassword } from './password-changes.ts';

export const RESET_TOKEN_MINUTES = 30;

/**
 * Creates a single-use reset token for the account with this email (a host's, a guide's or an admin's: issue 41 gave
 * /login its "Forgot password?") and, in the same transaction, queues the email `mailFor` writes around it, in the
 * account's language. Returns
 * false, having written nothing, when there is no such account.
 */
export async function requestPasswordReset(email: string, mailFor: (token: string, language: Language) => Mail): Promise<boolean> {
  return db().begin(async (tx) => {
    const [account] = await tx<{ id: string; language: Language }[]>`
      select id, language from users where lower(email) = ${identifierKey(email)} and role in ('host', 'guide', 'admin')`;
    if (!account) return false;
    await enqueueEmail(tx, mailFor(await insertResetLink(tx, account.id), account.language));
    return true;
  });
}

/** A new reset link for the account, in the caller's transaction: the token to put in its address. */
export async function insertResetLink(tx: TransactionSql, userId: string): Promise<string> {
  const token = newLinkToken();
  await tx`
    insert into password_reset_tokens (token_hash, user_id, expires_at)
    values (${hashLinkToken(token)}, ${userId}, now() + make_interval(mins => ${RESET_TOKEN_MINUTES}))`;
  return token;
}

/** A reset link as its page finds it: still usable, or why not. */
export type ResetLinkState = 'open' | 'used' | 'expired';

/**
 * The state of the reset link with this token, and where its account signs in (a host's club sign-in, a guide's
 * /my-licences, the admin's /login); null for a token that was never issued. Reading it spends nothing: a mail scanner may open the page.
 */
export async function findResetLink(token: string): Promise<{ state: ResetLinkState; signInPath: string } | null> {
  const [link] = await db()<{ state: ResetLinkState; role: string }[]>`
    select case when t.used_at is not null then 'used' when t.expires_at <= now() then 'expired' else 'open' end as state, u.role
    from password_reset_tokens t join users u on u.id = t.user_id
    where t.token_hash = ${hashLinkToken(token)}`;
  if (!link) return null;
  const signInPath = link.role === 'admin' ? '/login' : link.role === 'guide' ? '/my-licences' : '/club-registration?signin=true';
  return { state: link.state, signInPath };
}

/** What a reset did: the account's id; or, changing nothing, that the token is not valid, or why the password is refused. */
export type PasswordResetResult = { userId: string } | { invalidToken: true } | { passwordProblem: string };

/**
 * Checks the new password against its account's owner (passwordProblem, with their name and email), then spends the
 * reset token, sets the password and ends every session of that user (storeNewPassword, which emails the account),
 * in one transaction. An unknown, used or expired token, or a refused password, changes nothing, hashes nothing and
 * leaves the token usable.
 */
export async function resetPassword(token: string, newPassword: string, origin: string): Promise<PasswordResetResult> {
  return db().begin(async (tx) => {
    // The token's row is locked first, so of two concurrent uses one wins; the password is hashed only then: a
    // garbage token costs one indexed lookup, not an argon2 hash.
    const [link] = await tx<{ userId: string; email: string; name: string | null; role: string }[]>`
      select t.user_id, u.email, u.role, ${ownerName(tx)} as name
      from password_reset_tokens t join users u on u.id = t.user_id
      where t.token_hash = ${hashLinkToken(token)} and t.used_at is null and t.expires_at > now()
      for update of t`;
    if (!link) return { invalidToken: true };
    const refusal = passwordProblemFor(link.role, newPassword, link);
    if (refusal) return { passwordProblem: refusal };

    const passwordHash = await hashPassword(newPassword);
    await storeNewPassword(tx, { userId: link.userId, email: link.email, passwordHash, path: 'reset', origin });
    return { userId: link.userId };
  });
}
