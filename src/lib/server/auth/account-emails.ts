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
