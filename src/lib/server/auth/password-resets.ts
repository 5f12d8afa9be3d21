import { db } from '#server/platform/db/db.ts';
import { hashLinkToken, newLinkToken } from '#server/platform/tokens.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import type { Mail } from '#server/platform/email/mailer.ts';
import { identifierKey } from './identifiers.ts';
import { hashPassword } from './password.ts';
import { passwordProblem } from '#server/platform/password-policy.ts';

export const RESET_TOKEN_MINUTES = 30;

/**
 * Creates a single-use reset token for the host account with this email and, in the same transaction, queues the email
 * `mailFor` writes around it. Returns false, having written nothing, when there is no such account.
 */
export async function requestPasswordReset(email: string, mailFor: (token: string) => Mail): Promise<boolean> {
  const token = newLinkToken();
  return db().begin(async (tx) => {
    const [row] = await tx`
      insert into password_reset_tokens (token_hash, user_id, expires_at)
      select ${hashLinkToken(token)}, id, now() + make_interval(mins => ${RESET_TOKEN_MINUTES})
      from users where lower(email) = ${identifierKey(email)} and role in ('host', 'guide')
      returning user_id`;
    if (!row) return false;
    await enqueueEmail(tx, mailFor(token));
    return true;
  });
}

/** What a reset did: the account's id; or, changing nothing, that the token is not valid, or why the password is refused. */
export type PasswordResetResult = { userId: string } | { invalidToken: true } | { passwordProblem: string };

/**
 * Checks the new password against its account's owner (passwordProblem, with their name and email), then spends the
 * reset token, sets the password, marks every other outstanding token of its user used and ends every session of that
 * user, in one transaction. An unknown, used or expired token, or a refused password, changes nothing, hashes nothing
 * and leaves the token usable.
 */
export async function resetPassword(token: string, newPassword: string): Promise<PasswordResetResult> {
  return db().begin(async (tx) => {
    // The token's row is locked first, so of two concurrent uses one wins; the password is hashed only then: a
    // garbage token costs one indexed lookup, not an argon2 hash. The name is the club's host name or the guide's,
    // whichever the account has (read here, as clubs and licensing build on this domain, not it on them).
    const tokenHash = hashLinkToken(token);
    const [link] = await tx<{ userId: string; email: string; name: string | null }[]>`
      select t.user_id as "userId", u.email,
        coalesce((select host_name from clubs where owner_id = u.id), (select name from guides where user_id = u.id)) as name
      from password_reset_tokens t join users u on u.id = t.user_id
      where t.token_hash = ${tokenHash} and t.used_at is null and t.expires_at > now()
      for update of t`;
    if (!link) return { invalidToken: true };
    const refusal = passwordProblem(newPassword, link);
    if (refusal) return { passwordProblem: refusal };

    const passwordHash = await hashPassword(newPassword);
    await tx`update users set password_hash = ${passwordHash} where id = ${link.userId}`;
    await tx`update password_reset_tokens set used_at = now() where user_id = ${link.userId} and used_at is null`;
    // Deleted here rather than through auth.ts (Lucia has its own connection) so the sessions end with the commit.
    await tx`delete from user_sessions where user_id = ${link.userId}`;
    return { userId: link.userId };
  });
}
