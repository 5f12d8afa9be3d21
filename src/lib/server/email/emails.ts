import { composeEmail } from './compose.ts';
import type { Mail } from './mailer.ts';

// The words of the hosts' account emails. Each takes the site's origin so its links work wherever it runs.

/** Sent when a host registers a club. */
export function registrationEmail(input: { to: string; hostName: string; clubName: string; origin: string }): Mail {
  return composeEmail({
    to: input.to,
    subject: `Your FlameKeeper Club "${input.clubName}" is registered`,
    greeting: `Hello ${input.hostName},`,
    paragraphs: [
      `Thank you for registering ${input.clubName} with FlameKeeper Clubs. Your lifetime membership is included with your HOST SET.`,
      'Your club is pending verification: our admin team reviews every new club, and yours will appear in the public directory as soon as it is approved.',
      `How to sign in and manage your club profile:\n  1. Open the sign-in page below.\n  2. Sign in with this email address (${input.to}) and the password you chose.\n  3. Edit your profile at any time: meeting schedule, description, website.`,
      'Forgot your password? Use "Forgot password?" on the sign-in page.',
    ],
    actions: [{ label: 'Sign in to your club', url: `${input.origin}/club-registration?signin=true` }],
    reason: `You receive this because ${input.to} registered ${input.clubName} with a HOST SET code on FlameKeeper Clubs.`,
  });
}

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
