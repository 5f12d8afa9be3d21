import { db, type Sql } from '#server/platform/db/db.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { HttpError } from '#server/platform/http/endpoint.ts';
import { hashLinkToken, newLinkToken } from '#server/platform/tokens.ts';
import { emailConfirmationEmail } from './account-emails.ts';
import type { User } from './users.ts';

// Confirming that an account's email reaches its holder (migration 024): a single-use link, sent before the account
// may do anything that emails the address or the admins (reserving an area). An admin's email, set by the operator,
// counts as confirmed.

export const CONFIRMATION_LINK_HOURS = 24;

/** Whether the account's email has been confirmed. */
export async function isEmailConfirmed(userId: string, sql: Sql = db()): Promise<boolean> {
  const [row] = await sql<{ confirmed: boolean }[]>`select email_confirmed_at is not null as confirmed from users where id = ${userId}`;
  return row?.confirmed ?? false;
}

/**
 * Queues a new confirmation link for the account's current email, bringing its reader back to `returnTo` (a path of
 * this site). With `unlessOneIsOpen`, sends nothing while a link sent to that address in the last 24 hours is unused.
 * Returns whether a link was sent.
 */
export async function sendConfirmationLink(
  user: Pick<User, 'id' | 'email'>,
  returnTo: string,
  origin: string,
  { unlessOneIsOpen = false } = {},
): Promise<boolean> {
  const token = newLinkToken();
  return db().begin(async (tx) => {
    // The account's row is locked so that two requests at once send one link, not two.
    await tx`select 1 from users where id = ${user.id} for update`;
    if (unlessOneIsOpen) {
      const [open] = await tx`
        select 1 from email_confirmations
        where user_id = ${user.id} and email = ${user.email} and used_at is null and expires_at > now()`;
      if (open) return false;
    }
    await tx`
      insert into email_confirmations (token_hash, user_id, email, return_to, expires_at)
      values (${hashLinkToken(token)}, ${user.id}, ${user.email}, ${returnTo},
        now() + make_interval(hours => ${CONFIRMATION_LINK_HOURS}))`;
    const confirmUrl = `${origin}/confirm-email?${new URLSearchParams({ token })}`;
    await enqueueEmail(tx, emailConfirmationEmail({ to: user.email, confirmUrl, validHours: CONFIRMATION_LINK_HOURS }));
    return true;
  });
}

/**
 * Refuses (403, field `email`) an account whose email is not confirmed yet, having sent it a link back to `returnTo`
 * unless one is open already: the refusal says where the link went.
 */
export async function requireConfirmedEmail(user: User, returnTo: string, origin: string): Promise<void> {
  if (await isEmailConfirmed(user.id)) return;
  await sendConfirmationLink(user, returnTo, origin, { unlessOneIsOpen: true });
  const message = `Please confirm your email address first: we sent a link to ${user.email}. Open it, then reserve.`;
  throw new HttpError(403, message, { email: [message] });
}

/** A confirmation link as its page shows it: whether it still confirms, and where it leads back to. */
export interface ConfirmationLink {
  state: 'open' | 'used' | 'expired';
  email: string;
  returnTo: string;
}

/** The confirmation link carrying `token`, or null for a token no link has. Changes nothing. */
export async function findConfirmationLink(token: string): Promise<ConfirmationLink | null> {
  const [row] = await db()<ConfirmationLink[]>`
    select case when used_at is not null then 'used' when expires_at <= now() then 'expired' else 'open' end as state,
      email, return_to as "returnTo"
    from email_confirmations where token_hash = ${hashLinkToken(token)}`;
  return row ?? null;
}

/**
 * Spends the link carrying `token` and confirms its account's email, in one transaction (one conditional UPDATE, so
 * of two clicks one wins). A link confirms the address it was sent to only: an account whose email has changed since
 * stays unconfirmed. Returns the path to go back to, or null, changing nothing, for an unknown, used or expired link.
 */
export async function confirmEmail(token: string): Promise<string | null> {
  return db().begin(async (tx) => {
    const [spent] = await tx<{ userId: string; email: string; returnTo: string }[]>`
      update email_confirmations set used_at = now()
      where token_hash = ${hashLinkToken(token)} and used_at is null and expires_at > now()
      returning user_id as "userId", email, return_to as "returnTo"`;
    if (!spent) return null;
    await tx`
      update users set email_confirmed_at = coalesce(email_confirmed_at, now())
      where id = ${spent.userId} and email = ${spent.email}`;
    return spent.returnTo;
  });
}
