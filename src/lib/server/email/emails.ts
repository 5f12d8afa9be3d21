import type { Mail } from './mailer.ts';

// The words of the emails the site sends. Each takes the site's origin so its links work wherever it runs.

/** Sent when a host registers a club. */
export function registrationEmail(input: { to: string; hostName: string; clubName: string; origin: string }): Mail {
  return {
    to: input.to,
    subject: `Your FlameKeeper Club "${input.clubName}" is registered`,
    text: `Hello ${input.hostName},

Thank you for registering ${input.clubName} with FlameKeeper Clubs. Your lifetime membership is included with your HOST SET.

Your club is pending verification: our admin team reviews every new club, and yours will appear in the public directory as soon as it is approved.

How to sign in and manage your club profile:
  1. Go to ${input.origin}/club-registration?signin=true
  2. Sign in with this email address (${input.to}) and the password you chose.
  3. Edit your profile at any time: meeting schedule, description, website.

Forgot your password? Use "Forgot password?" on the sign-in page.

Warmly,
The FlameKeeper Clubs team
`,
  };
}

/** Sent when someone asks to reset a host's password. */
export function passwordResetEmail(input: { to: string; resetUrl: string; validMinutes: number }): Mail {
  return {
    to: input.to,
    subject: 'Reset your FlameKeeper Clubs password',
    text: `Hello,

Someone (hopefully you) asked to reset the password of the FlameKeeper Clubs account for ${input.to}.

To choose a new password, open this link within ${input.validMinutes} minutes:
${input.resetUrl}

The link works once. If you did not ask for this, ignore this email: your password stays as it is.

The FlameKeeper Clubs team
`,
  };
}
