import { UNCONFIRMED_ACCOUNT_DAYS } from '#lib/auth/email-status-types.ts';
import { composeEmail } from '#server/platform/email/compose.ts';
import type { Mail } from '#server/platform/email/mailer.ts';

// The words of the account emails.

/** Sent when someone asks to reset the password of a host's or a guide's account. */
export function passwordResetEmail(input: { to: string; resetUrl: string; validMinutes: number }): Mail {
  return composeEmail({
    to: input.to,
    subject: 'Reset your FlameKeeper Clubs password',
    greeting: 'Hello,',
    paragraphs: [
      `Someone (hopefully you) asked to reset the password of the FlameKeeper Clubs account for ${input.to}.`,
      `To choose a new password, open the link below within ${input.validMinutes} minutes. The link works once.`,
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ],
    actions: [{ label: 'Choose a new password', url: input.resetUrl }],
    reason: `You receive this because a password reset was asked for the account ${input.to} on the FlameKeeper Clubs sign-in page.`,
  });
}

/**
 * Where a confirmation link brings its reader back to (its `return_to`, a path the server built), named as its email
 * and its page name it, with what the confirmed address is for there.
 */
export function confirmationDestination(returnTo: string): { label: string; purpose: string } {
  if (returnTo.startsWith('/club-profile/')) {
    return {
      label: 'your club profile',
      purpose: 'It is the address of your club host account: we write to it about your club, and send your password reset links there.',
    };
  }
  if (returnTo.startsWith('/account')) {
    return { label: 'your account', purpose: 'It is the address you sign in with, and where we send your password reset links.' };
  }
  const purpose = 'Once it is confirmed, you can reserve an area as a FlameKeeper guide.';
  if (returnTo.startsWith('/area-search?')) return { label: 'the area you were looking at', purpose };
  if (returnTo.startsWith('/area-search')) return { label: 'the area search', purpose };
  return { label: 'My Licences', purpose };
}

/**
 * Sent to confirm that an account's email reaches its holder: when the account is created, at its first reservation,
 * and on "Send the link again". The link leads back to `returnTo`.
 */
export function emailConfirmationEmail(input: { to: string; confirmUrl: string; validHours: number; returnTo: string }): Mail {
  const { label, purpose } = confirmationDestination(input.returnTo);
  return composeEmail({
    to: input.to,
    subject: 'Confirm your email for FlameKeeper Clubs',
    greeting: 'Hello,',
    paragraphs: [
      `Please confirm that ${input.to} is your email address. ${purpose}`,
      `Open the link below within ${input.validHours} hours and press "Confirm my email". The link works once and brings you back to ${label}.`,
      `If you did not create a FlameKeeper Clubs account, ignore this email: the address stays unconfirmed, and we will not ask again unless someone does. An account whose email is not confirmed within ${UNCONFIRMED_ACCOUNT_DAYS} days, and that has no club, licence or order, is deleted.`,
    ],
    actions: [{ label: 'Confirm my email', url: input.confirmUrl }],
    reason: `You receive this because a FlameKeeper Clubs account was created with ${input.to}, or a confirmation link was asked for it.`,
  });
}

/** Sent to the new address of an email change: the link that makes the change. */
export function emailChangeConfirmationEmail(input: { to: string; confirmUrl: string; validMinutes: number }): Mail {
  return composeEmail({
    to: input.to,
    subject: 'Confirm your new email for FlameKeeper Clubs',
    greeting: 'Hello,',
    paragraphs: [
      `Someone (hopefully you) asked to make ${input.to} the sign-in email of their FlameKeeper Clubs account.`,
      `To make the change, open the link below within ${input.validMinutes} minutes and press "Change my email". From then on the account signs in with ${input.to}, and our emails to it come here. The link works once, and stops working if the account's password changes first.`,
      'If you did not ask for this, ignore this email: nothing changes.',
    ],
    actions: [{ label: 'Change my email', url: input.confirmUrl }],
    reason: `You receive this because ${input.to} was given as the new email of a FlameKeeper Clubs account.`,
  });
}

/**
 * Sent to an account's current address when a change of its email is asked for: the change waits for the new address,
 * and "This wasn't me" (`cancelUrl`) cancels it, signs every browser out and asks for a new password.
 */
export function emailChangeNoticeEmail(input: {
  to: string;
  maskedNewEmail: string;
  validMinutes: number;
  cancelUrl: string;
  origin: string;
}): Mail {
  return composeEmail({
    to: input.to,
    subject: `Your sign-in email is being changed to ${input.maskedNewEmail}`,
    greeting: 'Hello,',
    paragraphs: [
      `Your sign-in email is being changed to ${input.maskedNewEmail}: someone signed in to your FlameKeeper Clubs account asked to change its email from ${input.to}.`,
      `Nothing changes unless the new address confirms within ${input.validMinutes} minutes; until then you sign in with ${input.to} as before.`,
      'If this was not you, press "This wasn\'t me": the change is cancelled, every browser signed in to the account is signed out, and you choose a new password, since someone else may know the one you have. Then tell us, so that we can help you keep the account.',
    ],
    actions: [
      { label: "This wasn't me", url: input.cancelUrl },
      { label: 'Contact us', url: `${input.origin}/contact-us` },
    ],
    reason: `You receive this because ${input.to} is the email of a FlameKeeper Clubs account whose email change was asked for.`,
  });
}

/** How a password was changed: with an emailed reset link, or by its holder on the Account page. */
export type PasswordChangePath = 'reset' | 'account';

/** Sent to an account whenever its password changes, so a change its holder did not make does not go unnoticed. */
export function passwordChangedEmail(input: { to: string; path: PasswordChangePath; resetUrl: string; supportEmail: string }): Mail {
  const how = input.path === 'reset' ? 'with a password reset link sent to this address' : 'on the Account page, with the old password';
  return composeEmail({
    to: input.to,
    subject: 'Your password was changed',
    greeting: 'Hello,',
    paragraphs: [
      `The password of the FlameKeeper Clubs account for ${input.to} was just changed, ${how}. Every other browser signed in to the account has been signed out.`,
      'If you made this change, there is nothing more to do.',
      `If you did not, someone else can sign in to your account: choose a new password at once with the link below (it emails a reset link to this address), and tell us at ${input.supportEmail} so we can check what they did.`,
    ],
    actions: [{ label: 'Choose a new password', url: input.resetUrl }],
    reason: `You receive this because the password of the account ${input.to} on FlameKeeper Clubs was changed. We send it after every change and cannot turn it off.`,
  });
}
