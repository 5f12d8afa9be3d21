import { DateTime } from 'luxon';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { JOIN_REQUEST_ANSWER_LABELS, type JoinRequestAnswer } from '#lib/clubs/join-request-types.ts';
import { joinRequestCopy } from '#lib/clubs/join-request-copy.ts';
import type { JoinRequestInput } from '#lib/schemas/join-requests.ts';
import { acknowledgementEmail } from '#server/platform/email/acknowledgements.ts';
import { composeEmail } from '#server/platform/email/compose.ts';
import type { Mail } from '#server/platform/email/mailer.ts';

// The words of the emails a visitor's "Ask to join" sends: the request to the club's host, answered straight to the
// visitor (Reply-To) and carrying the one-click answers, and the visitor's acknowledgement, which never gives the
// host's address.

/** The club a request goes to: `email` is the host's, never shown to the visitor. */
export interface JoinRequestClub {
  id: number;
  clubName: string;
  hostName: string;
  email: string;
  timeZone: string | null;
}

/** The request as the emails tell it: the visitor's fields, and the chosen session's start (null: the next new cycle). */
export type JoinRequestMail = Pick<JoinRequestInput, 'name' | 'email' | 'phone' | 'message'> & { startAt: Date | null };

/** The chosen start in the club's own time: "Tuesday, December 1, 7:00 PM CST", or "The next new cycle". */
function startText(startAt: Date | null, timeZone: string | null): string {
  if (!startAt) return joinRequestCopy.nextCycle;
  return DateTime.fromJSDate(startAt, { zone: timeZone ?? 'UTC' }).toFormat('cccc, LLLL d, h:mm a ZZZZ');
}

/**
 * The request, sent to the host with Reply-To set to the visitor, with a link for each answer (`answerUrl`), valid
 * `validDays`.
 */
export function joinRequestEmail(input: {
  club: JoinRequestClub;
  request: JoinRequestMail;
  answerUrl: (answer: JoinRequestAnswer) => string;
  validDays: number;
  origin: string;
}): Mail {
  const { club, request } = input;
  return composeEmail({
    to: club.email,
    replyTo: request.email,
    subject: `${request.name} asks to join ${club.clubName}`,
    greeting: `Hello ${club.hostName},`,
    paragraphs: [
      `${request.name} asked to join ${club.clubName} through FlameKeeper Clubs. Reply to this email to answer them: your reply goes to ${request.email}.`,
      ...(request.message ? [request.message] : []),
      `Once you have answered, tell us with one of the links below: each opens a page that asks you to confirm with one click, without signing in. The links work once, for ${input.validDays} days; your club profile lists every request.`,
    ],
    details: [
      ['From', `${request.name} <${request.email}>`],
      ['Phone', request.phone ?? 'Not given'],
      ['Wants to start', startText(request.startAt, club.timeZone)],
    ],
    actions: [
      { label: JOIN_REQUEST_ANSWER_LABELS.replied, url: input.answerUrl('replied') },
      { label: JOIN_REQUEST_ANSWER_LABELS.joined, url: input.answerUrl('joined') },
      { label: JOIN_REQUEST_ANSWER_LABELS.declined, url: input.answerUrl('declined') },
      { label: 'Your join requests', url: `${input.origin}/club-profile/${club.id}#join-requests` },
    ],
    reason: `You receive this because you host ${club.clubName} in the FlameKeeper Clubs directory and a visitor asked to join it. The visitor has not seen your email address; they will when you reply.`,
  });
}

/** The visitor's acknowledgement, to the typed address `to`: it names the club and its host, never the host's address. */
export function joinRequestAcknowledgementEmail(club: JoinRequestClub, to: string, origin: string): Mail {
  return acknowledgementEmail({
    to,
    subject: `Your request to join ${club.clubName} was sent`,
    paragraphs: [
      `Thank you for asking to join ${club.clubName}. We sent your request to its host, ${club.hostName}, who will reply to this address.`,
    ],
    action: { label: `${club.clubName}'s page`, url: `${origin}${clubPagePath(club)}` },
    because: `asked to join ${club.clubName}`,
  });
}
