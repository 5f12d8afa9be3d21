import { CONFIRMATION_LINK_HOURS } from '#lib/email-status-types.ts';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';
import { recordAudit } from '#server/platform/audit.ts';
import { isUniqueViolation } from '#server/platform/conflict.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { HttpError } from '#server/platform/http/endpoint.ts';
import { hashLinkToken, newLinkToken } from '#server/platform/tokens.ts';
import { emailConfirmationEmail } from './account-emails.ts';
import type { User } from './users.ts';

// Confirming that an account's email reaches its holder (migrations 024, 032): a single-use link, sent when the account
// is created and again on request, and required before the account may do anything that emails the address or the
// admins (reserving an area). An admin's email, set by the operator, counts as confirmed. A link marked
// `changes_email` is an email change's (email-changes.ts): confirming it also moves the account to its address.

/** Whether the account's email has been confirmed. */
export async function isEmailConfirmed(userId: string, sql: Sql = db()): Promise<boolean> {
  const [row] = await sql<{ confirmed: boolean }[]>`select email_confirmed_at is not null as confirmed from users where id = ${userId}`;
  return row?.confirmed ?? false;
}

/** A new link for `email`, leading back to `returnTo`, in the caller's transaction: the token to put in its address. */
export async function insertConfirmationLink(
  tx: TransactionSql,
  link: { userId: string; email: string; returnTo: string; changesEmail?: boolean },
): Promise<string> {
  const token = newLinkToken();
  await tx`
    insert into email_confirmations (token_hash, user_id, email, return_to, changes_email, expires_at)
    values (${hashLinkToken(token)}, ${link.userId}, ${link.email}, ${link.returnTo}, ${link.changesEmail ?? false},
      now() + make_interval(hours => ${CONFIRMATION_LINK_HOURS}))`;
  return token;
}

/** The address of a confirmation link's page. */
export const confirmationUrl = (origin: string, token: string) => `${origin}/confirm-email?${new URLSearchParams({ token })}`;

/**
 * Queues a confirmation link for the account's email in the caller's transaction (the one creating the account),
 * bringing its reader back to `returnTo` (a path of this site, built by the server).
 */
export async function queueConfirmationLink(
  tx: TransactionSql,
  user: Pick<User, 'id' | 'email'>,
  returnTo: string,
  origin: string,
): Promise<void> {
  const token = await insertConfirmationLink(tx, { userId: user.id, email: user.email, returnTo });
  const confirmUrl = confirmationUrl(origin, token);
  await enqueueEmail(tx, emailConfirmationEmail({ to: user.email, confirmUrl, validHours: CONFIRMATION_LINK_HOURS, returnTo }));
}

/**
 * Queues a new confirmation link for the account's current email, bringing its reader back to `returnTo`. With
 * `unlessOneIsOpen`, sends nothing while a link sent to that address in the last 24 hours is unused. Returns whether
 * a link was sent.
 */
export async function sendConfirmationLink(
  user: Pick<User, 'id' | 'email'>,
  returnTo: string,
  origin: string,
  { unlessOneIsOpen = false } = {},
): Promise<boolean> {
  return db().begin(async (tx) => {
    // The account's row is locked so that two requests at once send one link, not two.
    await tx`select 1 from users where id = ${user.id} for update`;
    if (unlessOneIsOpen) {
      const [open] = await tx`
        select 1 from email_confirmations
        where user_id = ${user.id} and email = ${user.email} and not changes_email and used_at is null and expires_at > now()`;
      if (open) return false;
    }
    await queueConfirmationLink(tx, user, returnTo, origin);
    return true;
  });
}

/**
 * Refuses (403, field `email`) an account whose email is not confirmed yet, having sent it a link back to `returnTo`
 * unless one is open already: the refusal says where the link went, and what to do `then` (reserve, say).
 */
export async function requireConfirmedEmail(user: User, returnTo: string, origin: string, then = 'reserve'): Promise<void> {
  if (await isEmailConfirmed(user.id)) return;
  await sendConfirmationLink(user, returnTo, origin, { unlessOneIsOpen: true });
  const message = `Please confirm your email address first: we sent a link to ${user.email}. Open it, then ${then}.`;
  throw new HttpError(403, message, { email: [message] });
}

/**
 * A confirmation link as its page shows it: whether it still works, whether it changes the account's email, and where
 * it leads back to. `taken`: an email change's open link whose address another account has taken since.
 */
export interface ConfirmationLink {
  state: 'open' | 'used' | 'expired' | 'taken';
  email: string;
  changesEmail: boolean;
  returnTo: string;
}

/** The confirmation link carrying `token`, or null for a token no link has. Changes nothing. */
export async function findConfirmationLink(token: string): Promise<ConfirmationLink | null> {
  const [row] = await db()<ConfirmationLink[]>`
    select
      case
        when c.used_at is not null then 'used'
        when c.expires_at <= now() then 'expired'
        when c.changes_email and exists (select 1 from users u where lower(u.email) = c.email and u.id <> c.user_id) then 'taken'
        else 'open'
      end as state,
      c.email, c.changes_email as "changesEmail", c.return_to as "returnTo"
    from email_confirmations c where c.token_hash = ${hashLinkToken(token)}`;
  return row ?? null;
}

/** What pressing a link's button did: where to go back to, or why nothing changed. */
export type ConfirmationResult = { confirmed: true; returnTo: string } | { confirmed: false; reason: 'unusable' | 'taken' };

/** What an email change did, for the domains that keep a copy of the address (the club's contact email). */
export interface EmailChange {
  userId: string;
  from: string;
  to: string;
}

/**
 * Spends the link carrying `token`, in one transaction. A plain link confirms its account's email, and the address it
 * was sent to only: an account whose email has changed since stays unconfirmed. An email change's link moves the
 * account to its address, confirmed, unless another account has that address now (the link then stays unspent: it
 * works if the address becomes free before it expires); the account's other open links (to the old address, or of an
 * earlier change) and its password reset links, sent to the old address, end with it; the change is audited, and
 * `onEmailChange` runs in the same transaction. An unknown, used or expired link changes nothing.
 */
export async function confirmEmail(
  token: string,
  onEmailChange?: (tx: TransactionSql, change: EmailChange) => Promise<void>,
): Promise<ConfirmationResult> {
  const tokenHash = hashLinkToken(token);
  try {
    return await db().begin(async (tx): Promise<ConfirmationResult> => {
      // Locked, so that of two clicks one wins.
      const [link] = await tx<{ userId: string; email: string; returnTo: string; changesEmail: boolean }[]>`
        select user_id as "userId", email, return_to as "returnTo", changes_email as "changesEmail"
        from email_confirmations
        where token_hash = ${tokenHash} and used_at is null and expires_at > now()
        for update`;
      if (!link) return { confirmed: false, reason: 'unusable' };

      if (link.changesEmail) {
        const [taken] = await tx`select 1 from users where lower(email) = ${link.email} and id <> ${link.userId}`;
        if (taken) return { confirmed: false, reason: 'taken' };
        const [account] = await tx<{ email: string }[]>`select email from users where id = ${link.userId} for update`;
        await tx`update users set email = ${link.email}, email_confirmed_at = now() where id = ${link.userId}`;
        await tx`delete from email_confirmations where user_id = ${link.userId} and used_at is null and token_hash <> ${tokenHash}`;
        await tx`update password_reset_tokens set used_at = now() where user_id = ${link.userId} and used_at is null`;
        await recordAudit(tx, {
          actor: { id: link.userId, email: link.email },
          action: 'account.email',
          subject: link.email,
          before: { email: account!.email },
          after: { email: link.email },
        });
        await onEmailChange?.(tx, { userId: link.userId, from: account!.email, to: link.email });
      } else {
        await tx`
          update users set email_confirmed_at = coalesce(email_confirmed_at, now())
          where id = ${link.userId} and email = ${link.email}`;
      }
      await tx`update email_confirmations set used_at = now() where token_hash = ${tokenHash}`;
      return { confirmed: true, returnTo: link.returnTo };
    });
  } catch (error) {
    // Another account took the address between the check and the update.
    if (isUniqueViolation(error, 'users_email_key')) return { confirmed: false, reason: 'taken' };
    throw error;
  }
}
