import { db } from '#server/platform/db/db.ts';
import { hashLinkToken, newLinkToken } from '#server/platform/tokens.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import type { Mail } from '#server/platform/email/mailer.ts';
import { identifierKey } from './identifiers.ts';
import { hashPassword } from './password.ts';

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

/**
 * Spends a reset token, then sets the new password, marks every other outstanding token of its user used and ends
 * every session of that user, in one transaction. Returns the user's id; null, changing nothing and hashing nothing,
 * for an unknown, used or expired token.
 */
export async function resetPassword(token: string, newPassword: string): Promise<string | null> {
  return db().begin(async (tx) => {
    // The token is spent first (one conditional UPDATE, so of two concurrent uses one wins) and the password hashed
    // only then: a garbage token costs one indexed lookup, not an argon2 hash. Hashing inside the transaction keeps
    // the token unspent if anything after it fails.
    const [spent] = await tx<{ user_id: string }[]>`
      update password_reset_tokens set used_at = now()
      where token_hash = ${hashLinkToken(token)} and used_at is null and expires_at > now()
      returning user_id`;
    if (!spent) return null;
    const passwordHash = await hashPassword(newPassword);
    await tx`update users set password_hash = ${passwordHash} where id = ${spent.user_id}`;
    await tx`update password_reset_tokens set used_at = now() where user_id = ${spent.user_id} and used_at is null`;
    // Deleted here rather than through auth.ts (Lucia has its own connection) so the sessions end with the commit.
    await tx`delete from user_sessions where user_id = ${spent.user_id}`;
    return spent.user_id;
  });
}
