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

/** Sent to confirm that an account's email reaches its holder, before the account may reserve an area. */
export function emailConfirmationEmail(input: { to: string; confirmUrl: string; validHours: number }): Mail {
  return composeEmail({
    to: input.to,
    subject: 'Confirm your email for FlameKeeper Clubs',
    greeting: 'Hello,',
    paragraphs: [
      `Please confirm that ${input.to} is your email address. Once it is confirmed, you can reserve an area as a FlameKeeper guide.`,
      `Open the link below within ${input.validHours} hours and press "Confirm my email". The link works once and brings you back to the area you were looking at.`,
      'If you did not create a FlameKeeper Clubs account, ignore this email: nothing is reserved in your name and we will not write again unless asked to.',
    ],
    actions: [{ label: 'Confirm my email', url: input.confirmUrl }],
    reason: `You receive this because someone signed up or asked to reserve an area with ${input.to} on FlameKeeper Clubs.`,
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
