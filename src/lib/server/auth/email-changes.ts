import { CONFIRMATION_LINK_HOURS, type EmailStatus } from '#lib/email-status-types.ts';
import { ConflictError } from '#server/platform/conflict.ts';
import { db } from '#server/platform/db/db.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { refuseField } from '#server/platform/http/endpoint.ts';
import { emailChangeConfirmationEmail, emailChangeNoticeEmail } from './account-emails.ts';
import { confirmationUrl, insertConfirmationLink } from './email-confirmations.ts';
import { identifierKey } from './identifiers.ts';
import { verifyPassword } from './password.ts';

// A signed-in host or guide changes their sign-in email: the new address gets a link (an email confirmation marked
// `changes_email`, spent by confirmEmail), the old one a notice, and nothing changes until the link is used.

/** Where an email change's link leads back to: the account page, which shows the email card. */
const ACCOUNT_PATH = '/account';

/** The account's email, its confirmation and the change waiting for its new address, if any. */
export async function findEmailStatus(userId: string): Promise<EmailStatus> {
  const [row] = await db()<{ email: string; confirmed: boolean; pendingEmail: string | null; pendingExpiresAt: Date | null }[]>`
    select u.email, u.email_confirmed_at is not null as confirmed, c.email as "pendingEmail", c.expires_at as "pendingExpiresAt"
    from users u
    left join lateral (
      select email, expires_at from email_confirmations
      where user_id = u.id and changes_email and used_at is null and expires_at > now()
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

/**
 * Asks for the account's email to become `newEmail`: checks the current password (400, field currentPassword), then
 * that the address is new (400) and no other account's (409, as registration says of a taken address), and queues the
 * link to the new address and the notice to the old one. A newer request replaces an open one. Returns the account's
 * email status, the change pending.
 */
export async function requestEmailChange(
  userId: string,
  input: { newEmail: string; currentPassword: string },
  origin: string,
): Promise<EmailStatus> {
  const newEmail = identifierKey(input.newEmail);
  const [account] = await db()<{ email: string; passwordHash: string }[]>`
    select email, password_hash as "passwordHash" from users where id = ${userId}`;
  const passwordMatches = await verifyPassword(account!.passwordHash, input.currentPassword);
  refuseField('currentPassword', passwordMatches ? null : 'Your current password is not right.');
  refuseField('newEmail', newEmail === account!.email ? 'This is already your email address.' : null);

  await db().begin(async (tx) => {
    // Locked, so that two requests at once leave one pending change.
    const [current] = await tx<{ email: string }[]>`select email from users where id = ${userId} for update`;
    const [taken] = await tx`select 1 from users where lower(email) = ${newEmail} and id <> ${userId}`;
    if (taken) throw new ConflictError('Another account already uses this email.', 'newEmail');
    await tx`delete from email_confirmations where user_id = ${userId} and changes_email and used_at is null`;
    const token = await insertConfirmationLink(tx, { userId, email: newEmail, returnTo: ACCOUNT_PATH, changesEmail: true });
    const validHours = CONFIRMATION_LINK_HOURS;
    await enqueueEmail(tx, emailChangeConfirmationEmail({ to: newEmail, confirmUrl: confirmationUrl(origin, token), validHours }));
    await enqueueEmail(tx, emailChangeNoticeEmail({ to: current!.email, maskedNewEmail: maskEmail(newEmail), validHours, origin }));
  });
  return findEmailStatus(userId);
}
