import { composeEmail, teamAddress } from '#server/platform/email/compose.ts';
import type { Mail } from '#server/platform/email/mailer.ts';

// The words of the emails about a guide's public profile and certification.

interface Recipient {
  name: string;
  email: string;
}

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const day = (iso: string) => date.format(new Date(iso));

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

/** Sent when the admin records the date a guide completed certification. */
export function certificationEmail(guide: Recipient & { certifiedOn: string }, listed: boolean, origin: string): Mail {
  return composeEmail({
    to: guide.email,
    subject: `Your FlameKeeper guide certification is recorded (${day(guide.certifiedOn)})`,
    greeting: `Hello ${guide.name},`,
    paragraphs: [
      `The FlameKeeper team recorded your certification as a guide, completed on ${day(guide.certifiedOn)}.`,
      listed
        ? 'Your public profile is now listed on Find a Guide for the areas your licences hold.'
        : 'Visitors find you on Find a Guide while you hold an active licence and your profile is not hidden.',
    ],
    details: [['Certified on', day(guide.certifiedOn)]],
    actions: [{ label: 'Your licences and profile', url: `${origin}/my-licences` }],
    reason: 'You receive this because you have a guide account on FlameKeeper Clubs and the team updated your certification.',
  });
}
