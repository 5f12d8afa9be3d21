import { composeEmail, teamAddress } from '#server/platform/email/compose.ts';
import type { Mail } from '#server/platform/email/mailer.ts';

// The words of the emails about a guide's public profile.

interface Recipient {
  name: string;
  email: string;
}

const REASON = 'You receive this because you have a guide profile on FlameKeeper Clubs.';

/** Sent when the admin hides the guide's profile, or changes the reason it is hidden. */
export function profileHiddenEmail(guide: Recipient, reason: string, origin: string): Mail {
  return composeEmail({
    to: guide.email,
    subject: 'Your guide profile is hidden from FlameKeeper Clubs',
    greeting: `Hello ${guide.name},`,
    paragraphs: [
      'The FlameKeeper team has hidden your guide profile: visitors no longer see your page, and you are not listed when they look for a guide. Your licences are not affected.',
      `The team's reason:\n${reason}`,
      'Reply to this email if you have questions or once you have dealt with it; the team can show your profile again.',
    ],
    actions: [{ label: 'Your profile', url: `${origin}/my-licences` }],
    reason: REASON,
    replyTo: teamAddress(),
  });
}

/** Sent when the admin shows a profile it had hidden. */
export function profileShownEmail(guide: Recipient, origin: string): Mail {
  return composeEmail({
    to: guide.email,
    subject: 'Your guide profile is shown again on FlameKeeper Clubs',
    greeting: `Hello ${guide.name},`,
    paragraphs: [
      'The FlameKeeper team has shown your guide profile again. Visitors see your page and find you when they look for a guide, as long as you are certified, hold an active licence and have not hidden your profile yourself.',
    ],
    actions: [{ label: 'Your profile', url: `${origin}/my-licences` }],
    reason: REASON,
  });
}
