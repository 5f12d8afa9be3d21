import { composeEmail } from '#server/platform/email/compose.ts';
import type { Mail } from '#server/platform/email/mailer.ts';

// The words of the account emails.

/** Sent when someone asks to reset a host's password. */
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
