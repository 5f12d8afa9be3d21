import { CONFIRMATION_LINK_HOURS } from '#lib/auth/email-status-types.ts';
import { localizedHref, type Language } from '#lib/shared/languages.ts';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';
import { recordAudit } from '#server/platform/audit.ts';
import { isUniqueViolation } from '#server/platform/conflict.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { HttpError } from '#server/platform/http/endpoint.ts';
import { hashLinkToken, newLinkToken } from '#server/platform/tokens.ts';
import { emailConfirmationEmail } from './account-emails.ts';
import { findAccountLanguage, type User } from './users.ts';

// Confirming that an account's email reaches its holder (migrations 024, 032): a single-use link, sent when the account
// is created and again on request, and required before the account may do anything that emails the address or the
// admins (reserving an area). An admin's email, set by the operator, counts as confirmed. A link marked
// `changes_email` is an email change's (email-changes.ts): confirming it also moves the account to its address, if the
// account's password is still the one it had when the change was asked for (migration 036).

/** Whether the account's email has been confirmed. */
export async function isEmailConfirmed(userId: string, sql: Sql = db()): Promise<boolean> {
  const [row] = await sql<{ confirmed: boolean }[]>`select email_confirmed_at is not null as confirmed from users where id = ${userId}`;
  return row?.confirmed ?? false;
}

/** A new link for `email`, leading back to `returnTo`, in the caller's transaction: the token to put in its address. */
async function insertConfirmationLink(tx: TransactionSql, link: { userId: string; email: string; returnTo: string }): Promise<string> {
  const token = newLinkToken();
  await tx`
    insert into email_confirmations (token_hash, user_id, email, return_to, expires_at)
    values (${hashLinkToken(token)}, ${link.userId}, ${link.email}, ${link.returnTo}, now() + make_interval(hours => ${CONFIRMATION_LINK_HOURS}))`;
  return token;
}

/**
 * What an email change's link keeps of the password its account had when the change was asked for, as an SQL
 * expression on `users u`: the SHA-256 of the hash, so that the table holds no second copy of it.
 */
export const passwordDigest = (sql: Sql | TransactionSql) => sql`sha256(convert_to(u.password_hash, 'UTF8'))`;

/** Why an email change was cancelled: a new password, a confirmation of the current address, or "This wasn't me". */
export type ChangeCancellation = 'password' | 'confirmation' | 'holder';

/**
 * Locks the account's row in the caller's transaction before any of its links is locked, as a password change locks
 * the account before it cancels the links: the two wait for each other instead of deadlocking, and a link's password
 * check then reads the password as it stands.
 */
export async function lockAccountBeforeItsLinks(tx: TransactionSql, userId: string): Promise<void> {
  await tx`select 1 from users where id = ${userId} for update`;
}

/** Cancels every open email change of the account, in the caller's transaction, saying why on its link's page. */
export async function cancelEmailChanges(tx: TransactionSql, userId: string, by: ChangeCancellation): Promise<void> {
  await tx`
    update email_confirmations set cancelled_at = now(), cancelled_by = ${by}
    where user_id = ${userId} and changes_email and used_at is null and cancelled_at is null`;
}

/** The address of a confirmation link's page, in the language of the email that carries it (its /es/ twin for Spanish). */
export const confirmationUrl = (origin: string, token: string, language: Language = 'en') =>
  `${origin}${localizedHref(`/confirm-email?${new URLSearchParams({ token })}`, language)}`;

/**
 * Queues a confirmation link for the account's email in the caller's transaction (the one creating the account),
 * bringing its reader back to `returnTo` (a path of this site, built by the server), in the account's language.
 */
export async function queueConfirmationLink(
  tx: TransactionSql,
  user: Pick<User, 'id' | 'email'>,
  returnTo: string,
  origin: string,
): Promise<void> {
  const token = await insertConfirmationLink(tx, { userId: user.id, email: user.email, returnTo });
  const language = await findAccountLanguage(tx, user.id);
  const confirmUrl = confirmationUrl(origin, token, language);
  await enqueueEmail(tx, emailConfirmationEmail({ to: user.email, confirmUrl, validHours: CONFIRMATION_LINK_HOURS, returnTo, language }));
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
 * it leads back to. `taken`: an email change's open link whose address another account has taken since; `cancelled`:
 * an email change's link cancelled `cancelledBy` (a password that changed since counts as cancelled by 'password').
 */
export interface ConfirmationLink {
  state: 'open' | 'used' | 'cancelled' | 'expired' | 'taken';
  email: string;
  /** Whether it is the account's email now. */
  current: boolean;
  changesEmail: boolean;
  returnTo: string;
  cancelledBy: ChangeCancellation | null;
}

/** The confirmation link carrying `token`, or null for a token no link has. Changes nothing. */
export async function findConfirmationLink(token: string): Promise<ConfirmationLink | null> {
  const sql = db();
  const [row] = await sql<ConfirmationLink[]>`
    select state, c.email, u.email = c.email as current, c.changes_email, c.return_to,
      case when state = 'cancelled' then coalesce(c.cancelled_by, 'password') end as "cancelledBy"
    from email_confirmations c
    join users u on u.id = c.user_id
    cross join lateral (
      select case
        when c.used_at is not null then 'used'
        when c.cancelled_at is not null or (c.changes_email and c.password_digest <> ${passwordDigest(sql)}) then 'cancelled'
        when c.expires_at <= now() then 'expired'
        when c.changes_email and exists (select 1 from users o where lower(o.email) = c.email and o.id <> c.user_id) then 'taken'
        else 'open'
      end as state
    ) s
    where c.token_hash = ${hashLinkToken(token)}`;
  return row ?? null;
}

/**
 * What pressing a link's button did: where to go back to, with the account it was for and whether it changed that
 * account's email; or why nothing changed.
 */
export type ConfirmationResult =
  { confirmed: true; returnTo: string; userId: string; changedEmail: boolean } | { confirmed: false; reason: 'unusable' | 'taken' };

/** What an email change did, for the domains that keep a copy of the address (the club's contact email). */
export interface EmailChange {
  userId: string;
  from: string;
  to: string;
}

/**
 * Spends the link carrying `token`, in one transaction. A plain link confirms its account's email, and the address it
 * was sent to only: an account whose email has changed since stays unconfirmed; the account's open email changes are
 * cancelled (its holder has just shown they read the current address). An email change's link moves the account to
 * its address, confirmed, unless another account has that address now (the link then stays unspent: it works if the
 * address becomes free before it expires); the account's other open links (to the old address, or of an earlier
 * change) and its password reset links, sent to the old address, end with it, and so does every session but
 * `keepSessionId` (the browser pressing the button, if it is signed in to the account); the change is audited, and
 * `onEmailChange` runs in the same transaction. An unknown, used, cancelled or expired link changes nothing, nor does
 * an email change's whose account's password has changed since it was asked for.
 */
export async function confirmEmail(
  token: string,
  {
    keepSessionId,
    onEmailChange,
  }: { keepSessionId?: string; onEmailChange?: (tx: TransactionSql, change: EmailChange) => Promise<void> } = {},
): Promise<ConfirmationResult> {
  const tokenHash = hashLinkToken(token);
  try {
    return await db().begin(async (tx): Promise<ConfirmationResult> => {
      const [owner] = await tx<{ userId: string }[]>`select user_id from email_confirmations where token_hash = ${tokenHash}`;
      if (!owner) return { confirmed: false, reason: 'unusable' };
      await lockAccountBeforeItsLinks(tx, owner.userId);
      // Locked, so that of two clicks one wins.
      const [link] = await tx<{ userId: string; email: string; returnTo: string; changesEmail: boolean }[]>`
        select c.user_id, c.email, c.return_to, c.changes_email
        from email_confirmations c join users u on u.id = c.user_id
        where c.token_hash = ${tokenHash} and c.used_at is null and c.cancelled_at is null and c.expires_at > now()
          and (not c.changes_email or c.password_digest = ${passwordDigest(tx)})
        for update of c`;
      if (!link) return { confirmed: false, reason: 'unusable' };

      if (link.changesEmail) {
        const [taken] = await tx`select 1 from users where lower(email) = ${link.email} and id <> ${link.userId}`;
        if (taken) return { confirmed: false, reason: 'taken' };
        const [account] = await tx<{ email: string }[]>`select email from users where id = ${link.userId} for update`;
        await tx`update users set email = ${link.email}, email_confirmed_at = now() where id = ${link.userId}`;
        await tx`delete from email_confirmations where user_id = ${link.userId} and used_at is null and token_hash <> ${tokenHash}`;
        await tx`update password_reset_tokens set used_at = now() where user_id = ${link.userId} and used_at is null`;
        await tx`delete from user_sessions where user_id = ${link.userId} and id is distinct from ${keepSessionId ?? null}`;
        await recordAudit(tx, {
          actor: { id: link.userId, email: link.email },
          action: 'account.email',
          subject: link.email,
          before: { email: account!.email },
          after: { email: link.email },
        });
        await onEmailChange?.(tx, { userId: link.userId, from: account!.email, to: link.email });
      } else {
        const confirmed = await tx`
          update users set email_confirmed_at = coalesce(email_confirmed_at, now())
          where id = ${link.userId} and email = ${link.email}`;
        if (confirmed.count > 0) await cancelEmailChanges(tx, link.userId, 'confirmation');
      }
      await tx`update email_confirmations set used_at = now() where token_hash = ${tokenHash}`;
      return { confirmed: true, returnTo: link.returnTo, userId: link.userId, changedEmail: link.changesEmail };
    });
  } catch (error) {
    // Another account took the address between the check and the update.
    if (isUniqueViolation(error, 'users_email_key')) return { confirmed: false, reason: 'taken' };
    throw error;
  }
}
