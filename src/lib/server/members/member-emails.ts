import type { Member } from '#lib/members/types.ts';
import { composeEmail } from '#server/platform/email/compose.ts';
import type { Mail } from '#server/platform/email/mailer.ts';

// The words of the emails to a club's members (issue 40). Each goes Reply-To the host, so that a member's reply reaches
// the person who runs the club, and carries the member's "Your club" link; none gives another member's name.

/** The club an email to a member comes from: `hostEmail` is the Reply-To, never written in the text. */
export interface MemberClub {
  id: number;
  clubName: string;
  hostName: string;
  hostEmail: string;
}

/** The path of the "Your club" page of a link's token. */
export const yourClubPath = (token: string) => `/your-club?${new URLSearchParams({ token })}`;
/** The path of the "I did not ask for this" page of a link's token. */
export const notMePath = (token: string) => `/your-club/not-me?${new URLSearchParams({ token })}`;

/**
 * The welcome to a new member: their "Your club" link, and for a person the host added (`notMeToken`) a one-click
 * "I did not ask for this" that removes them.
 */
export function welcomeEmail(input: {
  club: MemberClub;
  member: Member;
  origin: string;
  clubToken: string;
  notMeToken: string | null;
}): Mail {
  const { club, member, origin, clubToken, notMeToken } = input;
  const added = member.source === 'host';
  return composeEmail({
    to: member.email,
    replyTo: club.hostEmail,
    subject: `Welcome to ${club.clubName}`,
    greeting: `Hello ${member.name},`,
    paragraphs: [
      added
        ? `${club.hostName} added you as a member of ${club.clubName}, a FlameKeeper reading circle, on FlameKeeper Clubs.`
        : `${club.hostName} told us you have joined ${club.clubName}, a FlameKeeper reading circle. Welcome!`,
      'Your club page shows the next sessions with what the club reads at each, and where it meets. Keep this email: the link is yours, and needs no password. You can leave the club there at any time.',
      ...(notMeToken ? ['If you did not ask to join, one click below removes your name and address, and nothing more is sent.'] : []),
      `Reply to this email to write to ${club.hostName}.`,
    ],
    actions: [
      { label: 'Your club', url: `${origin}${yourClubPath(clubToken)}` },
      ...(notMeToken ? [{ label: 'I did not ask for this', url: `${origin}${notMePath(notMeToken)}` }] : []),
    ],
    reason: added
      ? `You receive this because ${club.hostName}, the host of ${club.clubName}, added this address to the club's members. This is the only email sent unless you stay a member.`
      : `You receive this because you asked to join ${club.clubName} and its host marked you joined.`,
  });
}

/** A member's "Your club" link again, asked for from the club's page. */
export function memberLinkEmail(input: { club: MemberClub; member: Member; origin: string; clubToken: string }): Mail {
  const { club, member, origin, clubToken } = input;
  return composeEmail({
    to: member.email,
    replyTo: club.hostEmail,
    subject: `Your link to ${club.clubName}`,
    greeting: `Hello ${member.name},`,
    paragraphs: [
      `Here is your link to ${club.clubName}'s page for its members: its next sessions, where it meets, and leaving the club.`,
      'If you did not ask for it, you can ignore this email: the link works only for whoever has it.',
    ],
    actions: [{ label: 'Your club', url: `${origin}${yourClubPath(clubToken)}` }],
    reason: `You receive this because this address is a member of ${club.clubName} and someone asked for its link on the club's page.`,
  });
}
