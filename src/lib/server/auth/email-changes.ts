import { randomBytes } from 'node:crypto';
import { EMAIL_CHANGE_LINK_MINUTES, type EmailStatus } from '#lib/auth/email-status-types.ts';
import { ConflictError } from '#server/platform/conflict.ts';
import { db, type TransactionSql } from '#server/platform/db/db.ts';
import { recordAudit } from '#server/platform/audit.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { HttpError, refuseField } from '#server/platform/http/endpoint.ts';
import { hashLinkToken, newLinkToken } from '#server/platform/tokens.ts';
import { emailChangeConfirmationEmail, emailChangeNoticeEmail } from './account-emails.ts';
import { cancelEmailChanges, confirmationUrl, lockAccountBeforeItsLinks, passwordDigest } from './email-confirmations.ts';
import { identifierKey } from './identifiers.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { insertResetLink } from './password-resets.ts';

// A signed-in host or guide whose email is confirmed changes their sign-in email: the new address gets a link (an
// email confirmation marked `changes_email`, spent by confirmEmail, bound to the account's password), the old one a
// notice with a "This wasn't me" link, and nothing changes until the link is used (issue 37 F0).

/** Where an email change's link leads back to: the account page, which shows the email card. */
const ACCOUNT_PATH = '/account';

/** The page of the "This wasn't me" link of an email change's notice. */
const CANCEL_PATH = '/cancel-email-change';

/** The account's email, its confirmation and the change waiting for its new address, if any. */
export async function findEmailStatus(userId: string): Promise<EmailStatus> {
  const sql = db();
  const [row] = await sql<{ email: string; confirmed: boolean; pendingEmail: string | null; pendingExpiresAt: Date | null }[]>`
    select u.email, u.email_confirmed_at is not null as confirmed, c.email as "pendingEmail", c.expires_at as "pendingExpiresAt"
    from users u
    left join lateral (
      select email, expires_at from email_confirmations
      where user_id = u.id and changes_email and used_at is null and cancelled_at is null and expires_at > now()
        and password_digest = ${passwordDigest(sql)}
      order by created_at desc limit 1
    ) c on true
    where u.id = ${userId}`;
  const { email, confirmed, pendingEmail, pendingExpiresAt } = row!;
  return { email, confirmed, pending: pendingEmail ? { email: pendingEmail, expiresAt: pendingExpiresAt!.toISOString() } : null };
}

/** An address as the old address's notice shows it: enough for its holder to know it, too little to write to it. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  const domain = address.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  return `${address[0]}***@${domain[0]}***${dot > 0 ? domain.slice(dot) : ''}`;
}

/** The refusal of an account whose email is not confirmed: it could be someone else's address (issue 37 F0). */
export const CONFIRM_FIRST =
  'Please confirm your current email address first: open the link we sent to it, or press "Send the link again".';

/**
 * Asks for the account's email to become `newEmail`: refuses an account whose email is not confirmed (403), checks the
 * current password (400, field currentPassword), then that the address is new (400) and no other account's (409, as
 * registration says of a taken address), and queues the link to the new address (bound to the account's password,
 * working for EMAIL_CHANGE_LINK_MINUTES) and the notice to the old one, with its "This wasn't me" link. A newer
 * request replaces an open one. Returns the account's email status, the change pending.
 */
export async function requestEmailChange(
  userId: string,
  input: { newEmail: string; currentPassword: string },
  origin: string,
): Promise<EmailStatus> {
  const newEmail = identifierKey(input.newEmail);
  const [account] = await db()<{ email: string; passwordHash: string; confirmed: boolean }[]>`
    select email, password_hash, email_confirmed_at is not null as confirmed from users where id = ${userId}`;
  if (!account!.confirmed) throw new HttpError(403, CONFIRM_FIRST, { newEmail: [CONFIRM_FIRST] });
  const passwordMatches = await verifyPassword(account!.passwordHash, input.currentPassword);
  refuseField('currentPassword', passwordMatches ? null : 'Your current password is not right.');
  refuseField('newEmail', newEmail === account!.email ? 'This is already your email address.' : null);

  await db().begin(async (tx) => {
    // Locked, so that two requests at once leave one pending change.
    const [current] = await tx<{ email: string }[]>`select email from users where id = ${userId} for update`;
    const [taken] = await tx`select 1 from users where lower(email) = ${newEmail} and id <> ${userId}`;
    if (taken) throw new ConflictError('Another account already uses this email.', 'newEmail');
    await tx`delete from email_confirmations where user_id = ${userId} and changes_email and used_at is null`;
    const { token, cancelToken } = await insertEmailChangeLink(tx, userId, newEmail);
    const validMinutes = EMAIL_CHANGE_LINK_MINUTES;
    await enqueueEmail(tx, emailChangeConfirmationEmail({ to: newEmail, confirmUrl: confirmationUrl(origin, token), validMinutes }));
    await enqueueEmail(
      tx,
      emailChangeNoticeEmail({
        to: current!.email,
        maskedNewEmail: maskEmail(newEmail),
        validMinutes,
        cancelUrl: `${origin}${CANCEL_PATH}?${new URLSearchParams({ token: cancelToken })}`,
        origin,
      }),
    );
  });
  return findEmailStatus(userId);
}

/** A new email change's link and its "This wasn't me" link, in the caller's transaction: the two tokens. */
async function insertEmailChangeLink(tx: TransactionSql, userId: string, email: string): Promise<{ token: string; cancelToken: string }> {
  const token = newLinkToken();
  const cancelToken = newLinkToken();
  await tx`
    insert into email_confirmations (token_hash, user_id, email, return_to, changes_email, expires_at, password_digest, cancel_token_hash)
    select ${hashLinkToken(token)}, u.id, ${email}, ${ACCOUNT_PATH}, true, now() + make_interval(mins => ${EMAIL_CHANGE_LINK_MINUTES}),
      ${passwordDigest(tx)}, ${hashLinkToken(cancelToken)}
    from users u where u.id = ${userId}`;
  return { token, cancelToken };
}

/**
 * A "This wasn't me" link as its page shows it: `open` until it is used, whatever became of the change (expired or
 * cancelled, the account is still the holder's to secure); `used` once pressed; `changed` when the change was made.
 */
export interface EmailChangeAlarm {
  state: 'open' | 'used' | 'changed';
  /** The address the change was asked to, masked as the notice shows it. */
  maskedNewEmail: string;
  /** Whether the change is still waiting for its new address. */
  pending: boolean;
}

/** The "This wasn't me" link carrying `token`, or null for a token no link has (or one a newer change replaced). */
export async function findEmailChangeAlarm(token: string): Promise<EmailChangeAlarm | null> {
  const sql = db();
  const [row] = await sql<{ state: EmailChangeAlarm['state']; email: string; pending: boolean }[]>`
    select
      case when c.used_at is not null then 'changed' when c.cancelled_by = 'holder' then 'used' else 'open' end as state,
      c.email,
      c.used_at is null and c.cancelled_at is null and c.expires_at > now() and c.password_digest = ${passwordDigest(sql)} as pending
    from email_confirmations c join users u on u.id = c.user_id
    where c.cancel_token_hash = ${hashLinkToken(token)}`;
  return row ? { state: row.state, maskedNewEmail: maskEmail(row.email), pending: row.pending } : null;
}

/** What "This wasn't me" did: the token of the reset link its holder is taken to; or, changing nothing, why not. */
export type EmailChangeCancelResult = { resetToken: string } | { refused: 'unknown' | 'used' | 'changed' };

/**
 * The current address's holder says the email change was not theirs, in one transaction: every open change of the
 * account is cancelled, every session ends, the password stops working (someone else knew it) and the reset links
 * already sent are spent; a new reset link is made for the holder to choose a new password with (its token returned,
 * the holder is taken to its page), and it is audited. A link whose change was made, or that was used, changes nothing.
 */
export async function cancelEmailChange(token: string): Promise<EmailChangeCancelResult> {
  const tokenHash = hashLinkToken(token);
  return db().begin(async (tx): Promise<EmailChangeCancelResult> => {
    const [owner] = await tx<{ userId: string }[]>`select user_id from email_confirmations where cancel_token_hash = ${tokenHash}`;
    if (!owner) return { refused: 'unknown' };
    await lockAccountBeforeItsLinks(tx, owner.userId);
    const [link] = await tx<{ userId: string; email: string; accountEmail: string; made: boolean; used: boolean }[]>`
      select c.user_id, c.email, u.email as "accountEmail", c.used_at is not null as made, c.cancelled_by = 'holder' as used
      from email_confirmations c join users u on u.id = c.user_id
      where c.cancel_token_hash = ${tokenHash}
      for update of c`;
    if (!link) return { refused: 'unknown' };
    if (link.made) return { refused: 'changed' };
    if (link.used) return { refused: 'used' };

    await cancelEmailChanges(tx, link.userId, 'holder');
    // Marks this link used even when its change had expired or been cancelled before.
    await tx`update email_confirmations set cancelled_at = coalesce(cancelled_at, now()), cancelled_by = 'holder'
      where cancel_token_hash = ${tokenHash}`;
    // A password nobody knows, hashed only now (a garbage token costs one indexed lookup): the old one must not sign in.
    const unusableHash = await hashPassword(randomBytes(32).toString('base64url'));
    await tx`update users set password_hash = ${unusableHash} where id = ${link.userId}`;
    await tx`update password_reset_tokens set used_at = now() where user_id = ${link.userId} and used_at is null`;
    await tx`delete from user_sessions where user_id = ${link.userId}`;
    await recordAudit(tx, {
      actor: { id: link.userId, email: link.accountEmail },
      action: 'account.email-change-cancelled',
      subject: link.accountEmail,
      before: { pendingEmail: maskEmail(link.email) },
      after: null,
    });
    return { resetToken: await insertResetLink(tx, link.userId) };
  });
}
