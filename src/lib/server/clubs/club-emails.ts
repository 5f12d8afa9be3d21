import type { Club } from '#lib/clubs/types.ts';
import { clubPagePath } from '#lib/clubs/pages.ts';
import type { AdminNotification } from '#server/notifications/index.ts';
import { composeEmail, teamAddress, type EmailContent } from '#server/platform/email/compose.ts';
import type { Mail } from '#server/platform/email/mailer.ts';

// The words of the clubs' emails: to a host who registers, and when the admin changes their club's listing or
// membership; and to the admins, of a club awaiting verification.

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

type HostClub = Pick<Club, 'id' | 'email' | 'hostName' | 'clubName'>;

function hostEmail(club: HostClub, content: Pick<EmailContent, 'subject' | 'paragraphs' | 'details' | 'actions' | 'replyTo'>): Mail {
  return composeEmail({
    to: club.email,
    greeting: `Hello ${club.hostName},`,
    ...content,
    reason: `You receive this because you host ${club.clubName} in the FlameKeeper Clubs directory and our admin team changed its listing or membership.`,
  });
}

const profileAction = (club: HostClub, origin: string) => ({ label: 'Your club profile', url: `${origin}/club-profile/${club.id}` });

/** Sent when the admin verifies the club: it is in the public directory. */
export function clubVerifiedEmail(club: HostClub, origin: string): Mail {
  return hostEmail(club, {
    subject: `${club.clubName} is verified and listed`,
    paragraphs: [
      `Good news: our admin team verified ${club.clubName}. It now appears in the public FlameKeeper Clubs directory, with a page of its own.`,
      'Keep your meeting times and description up to date in your club profile, so that visitors find you when you meet.',
    ],
    actions: [{ label: "Your club's public page", url: `${origin}${clubPagePath(club)}` }, profileAction(club, origin)],
  });
}

/** Sent when the admin unverifies the club, with the reason they gave, if any. */
export function clubUnverifiedEmail(club: HostClub, reason: string | null, origin: string): Mail {
  return hostEmail(club, {
    subject: `${club.clubName} is no longer listed`,
    paragraphs: [
      `Our admin team unverified ${club.clubName}, so it no longer appears in the public FlameKeeper Clubs directory.`,
      ...(reason ? [`The reason they gave:\n${reason}`] : []),
      'Your club and its profile are kept. Reply to this email or use the contact page if you have questions.',
    ],
    actions: [profileAction(club, origin)],
    replyTo: teamAddress(),
  });
}

/** Sent when the admin sets the club's membership to lifetime, or to yearly with its renewal date. */
export function membershipEmail(club: HostClub & Pick<Club, 'membershipType' | 'renewalDate'>, origin: string): Mail {
  const yearly = club.membershipType === 'yearly';
  return hostEmail(club, {
    subject: yearly ? `${club.clubName} now has a yearly membership` : `${club.clubName} now has a lifetime membership`,
    paragraphs: [
      yearly
        ? `Our admin team set the membership of ${club.clubName} to yearly. It renews on ${longDate.format(new Date(club.renewalDate!))}.`
        : `Our admin team set the membership of ${club.clubName} to lifetime: it never needs renewing.`,
    ],
    details: [
      ['Club', club.clubName],
      ['Membership', yearly ? 'Yearly' : 'Lifetime'],
      ...(yearly ? [['Renews on', longDate.format(new Date(club.renewalDate!))] as const] : []),
    ],
    actions: [profileAction(club, origin)],
  });
}

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

/** Tells the admins of a newly registered club, which awaits their verification. */
export function registrationNotice(
  club: Pick<Club, 'id' | 'clubName' | 'hostName' | 'email' | 'city' | 'state' | 'zipCode'>,
): AdminNotification {
  return {
    kind: 'club-registered',
    summary: `New club awaiting verification: ${club.clubName}`,
    paragraphs: [
      `${club.hostName} registered ${club.clubName} with a HOST SET code. It stays out of the directory until an admin verifies it.`,
    ],
    details: [
      ['Club', club.clubName],
      ['Host', `${club.hostName} <${club.email}>`],
      ['Where', `${club.city}, ${club.state} ${club.zipCode}`],
    ],
    action: { label: 'Verify it on Admin Clubs', path: `/admin-clubs?club=${club.id}` },
    clubId: club.id,
  };
}
