import { CHECK_IN_DAYS } from '#lib/check-ins/types.ts';
import type { Club } from '#lib/clubs/types.ts';
import type { AdminNotification } from '#server/notifications/index.ts';
import { composeEmail } from '#server/platform/email/compose.ts';
import type { Mail } from '#server/platform/email/mailer.ts';
import { AUTOMATIC_HEADERS } from '#server/platform/email/unsubscribe-links.ts';

// The words of the check-ins' emails: the hosts', and the admins' notice of a club whose host does not answer. The
// hosts' are sent by the check-in job of itself (Auto-Submitted), but carry no unsubscribe: the check-in is what keeps
// a club listed, not a notification its host could turn off.

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** "Is your club still meeting?": sent every 90 days, and at once when visitors report the club stopped meeting. */
export function checkInEmail(input: {
  club: Pick<Club, 'email' | 'hostName' | 'clubName'>;
  cause: 'scheduled' | 'reports';
  stillMeetingUrl: string;
  stoppedUrl: string;
  validDays: number;
}): Mail {
  const why =
    input.cause === 'reports'
      ? `Visitors of the FlameKeeper Clubs directory told us ${input.club.clubName} may not be meeting any more.`
      : `It has been a while since we last heard that ${input.club.clubName} still meets, and we check every 90 days so that the directory only lists clubs people can join.`;
  const mail = composeEmail({
    to: input.club.email,
    subject: `Is your club still meeting? (${input.club.clubName})`,
    greeting: `Hello ${input.club.hostName},`,
    paragraphs: [
      why,
      'Please tell us with one of the links below. Each opens a page that asks you to confirm with one click; you do not need to sign in.',
      `The links work once, for ${input.validDays} days. Clubs not confirmed for 180 days leave the public directory until their host confirms them.`,
    ],
    actions: [
      { label: 'Yes, still meeting', url: input.stillMeetingUrl },
      { label: 'We have stopped', url: input.stoppedUrl },
    ],
    reason: `You receive this because you host ${input.club.clubName} in the FlameKeeper Clubs directory.`,
  });
  return { ...mail, headers: AUTOMATIC_HEADERS };
}

/**
 * Sent when a club leaves the directory, after 180 days without a confirmation ('unconfirmed') or because its host
 * answered a check-in "We have stopped" ('stopped'): how to bring it back.
 */
export function clubInactiveEmail(input: {
  club: Pick<Club, 'email' | 'hostName' | 'clubName'>;
  cause: 'unconfirmed' | 'stopped';
  profileUrl: string;
  signInUrl: string;
}): Mail {
  const { club } = input;
  const kept = 'Nothing is deleted: your club, its details and your account are kept.';
  const mail = composeEmail({
    to: club.email,
    subject: `${club.clubName} is no longer listed in the directory`,
    greeting: `Hello ${club.hostName},`,
    paragraphs:
      input.cause === 'stopped'
        ? [
            `You told us ${club.clubName} has stopped meeting, so it has left the public FlameKeeper Clubs directory. ${kept}`,
            'If your club meets again, sign in and press "Yes, still meeting" on your club profile: it is back in the directory at once.',
          ]
        : [
            `We have not heard for 180 days that ${club.clubName} still meets, so it has left the public FlameKeeper Clubs directory. ${kept}`,
            'If your club still meets, sign in and press "Yes, still meeting" on your club profile: it is back in the directory at once.',
          ],
    actions: [
      { label: 'Open your club profile', url: input.profileUrl },
      { label: 'Sign in', url: input.signInUrl },
    ],
    reason: `You receive this because you host ${club.clubName} in the FlameKeeper Clubs directory.`,
  });
  // The job's own doing after 180 days is automatic; "We have stopped" answers the host's click.
  return input.cause === 'unconfirmed' ? { ...mail, headers: AUTOMATIC_HEADERS } : mail;
}

/** Tells the admins that a listed club has not confirmed it still meets for CHECK_IN_DAYS.flag days, and when it leaves. */
export function checkInOverdueNotice(club: Pick<Club, 'id' | 'clubName'> & { confirmedAt: Date }): AdminNotification {
  const leaves = new Date(club.confirmedAt.getTime() + CHECK_IN_DAYS.inactive * 86_400_000);
  return {
    kind: 'check-in-overdue',
    summary: `"${club.clubName}" has not confirmed it still meets for ${CHECK_IN_DAYS.flag} days`,
    paragraphs: [
      `The host of ${club.clubName} was asked whether the club still meets and has not answered. Unless the host (or you, on the club's profile) confirms it, the club leaves the public directory on ${longDate.format(leaves)}.`,
    ],
    details: [
      ['Club', club.clubName],
      ['Last confirmed', longDate.format(club.confirmedAt)],
    ],
    action: { label: 'See the clubs needing a check-in', path: '/admin-clubs?filter=needs-check-in' },
    clubId: club.id,
  };
}
