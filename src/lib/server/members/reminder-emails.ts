import { DateTime } from 'luxon';
import { MEMBER_UNSUBSCRIBE_PATH, RSVP_ACTIONS } from '#lib/members/reminders.ts';
import { LOCALES, type Language } from '#lib/shared/languages.ts';
import { composeEmail } from '#server/platform/email/compose.ts';
import type { Mail } from '#server/platform/email/mailer.ts';
import { AUTOMATIC_HEADERS, oneClickHeaders } from '#server/platform/email/unsubscribe-links.ts';
import { yourClubPath, type MemberClub } from './member-emails.ts';
import type { PlaceDetails } from './member-place.ts';

// The words of the reminders, the change notices and the host's morning summary (issue 40, decision 035). Each email to
// a member goes Reply-To the host and carries the member's "Your club" link; none names another member. Reminders carry
// one-click unsubscribe (RFC 8058), which stops the reminders and nothing else.

/** The path of the page of an RSVP link ("I'll be there", "Can't make it"). */
export const rsvpPath = (token: string) => `/your-club/rsvp?${new URLSearchParams({ token })}`;
/** The reminders' one-click unsubscribe address, which a mail reader posts to; a person who opens it gets a page. */
export const unsubscribePath = (token: string) => `${MEMBER_UNSUBSCRIBE_PATH}?${new URLSearchParams({ token })}`;

/** How each language writes a session's day and time (luxon's tokens; the Spanish one reads "lunes, 15 de marzo"). */
const SESSION_WHEN_FORMATS: Record<Language, string> = { en: 'cccc, LLLL d, h:mm a', es: "cccc, d 'de' LLLL, h:mm a" };

/**
 * "Monday, March 15, 7:00 PM CDT": an instant in the club's time zone, as every email to members writes it (always
 * English: members have no stored language); "lunes, 15 de marzo, 7:00 p.m. CDT" on a Spanish page.
 */
export function sessionWhen(instant: string, zone: string, language: Language = 'en'): string {
  const time = DateTime.fromISO(instant, { zone, locale: LOCALES[language] });
  return `${time.toFormat(SESSION_WHEN_FORMATS[language])} ${time.offsetNameShort}`;
}

/** The headers of an email the site sends of itself (RFC 3834): replies go to the host, auto-responders stay quiet. */
const AUTOMATIC = AUTOMATIC_HEADERS;

/** A session as a reminder describes it. */
export interface RemindedSession {
  /** ISO instant: when it is held (a moved session's new time). */
  start: string;
  zone: string;
  /** "Week 3 — Clarity", or null outside the reading plan. */
  reading: string | null;
  note: string | null;
  moved: boolean;
  place: PlaceDetails;
}

/** The reminder to one member before one session: when, what the club reads, where, and the two one-click answers. */
export function reminderEmail(input: {
  club: MemberClub;
  member: { name: string; email: string };
  session: RemindedSession;
  origin: string;
  tokens: { coming: string; notComing: string; unsubscribe: string; club: string };
}): Mail {
  const { club, member, session, origin, tokens } = input;
  const when = sessionWhen(session.start, session.zone);
  const unsubscribeUrl = `${origin}${unsubscribePath(tokens.unsubscribe)}`;
  return {
    ...composeEmail({
      to: member.email,
      replyTo: club.hostEmail,
      subject: `Reminder: ${club.clubName}, ${when}`,
      greeting: `Hello ${member.name},`,
      paragraphs: [
        `${club.clubName} meets on ${when}${session.moved ? ' (moved from its usual time)' : ''}.`,
        ...(session.reading ? [`This session reads ${session.reading}.`] : []),
        ...(session.note ? [`${club.hostName} notes: ${session.note}`] : []),
        `Will you be there? One click below tells ${club.hostName}; you can change your answer on your club page. Reply to this email to write to ${club.hostName}.`,
      ],
      details: [['When', when], ...(session.reading ? [['Reading', session.reading] as const] : []), ...session.place],
      actions: [
        { label: RSVP_ACTIONS.coming, url: `${origin}${rsvpPath(tokens.coming)}` },
        { label: RSVP_ACTIONS['not-coming'], url: `${origin}${rsvpPath(tokens.notComing)}` },
        { label: 'Your club', url: `${origin}${yourClubPath(tokens.club)}` },
      ],
      links: [{ label: 'Stop these reminders (you stay a member)', url: unsubscribeUrl }],
      reason: `You receive this because you are a member of ${club.clubName}, whose host has a reminder sent before each session: one per session. To stop the reminders and stay a member, use the link above or your mail reader's Unsubscribe.`,
    }),
    headers: oneClickHeaders(unsubscribeUrl),
  };
}

/** A change to one session as its notice tells it: what members knew, and what holds now. */
export interface NoticedChange {
  action: 'cancelled' | 'moved' | 'undone';
  /** What the undone change was. */
  undid: 'cancelled' | 'moved' | null;
  /** ISO instant: when members last knew the session to be (a moved one's time, before this change). */
  knownStart: string;
  /** ISO instant: when it is held now (for a cancelled one, when it would have been). */
  start: string;
  zone: string;
  note: string | null;
  reading: string | null;
  place: PlaceDetails;
}

/** The notice to one member of a session cancelled, moved, or back as planned: one email per change, at once. */
export function changeNoticeEmail(input: {
  club: MemberClub;
  member: { name: string; email: string };
  change: NoticedChange;
  origin: string;
  clubToken: string;
}): Mail {
  const { club, member, change, origin, clubToken } = input;
  const known = sessionWhen(change.knownStart, change.zone);
  const now = sessionWhen(change.start, change.zone);
  const noted = change.note ? [`${club.hostName} notes: ${change.note}`] : [];
  let subject: string;
  let paragraphs: string[];
  if (change.action === 'cancelled') {
    subject = `Cancelled: ${club.clubName}, ${known}`;
    paragraphs = [`${club.hostName} has cancelled the session of ${club.clubName} on ${known}: no meeting that day.`, ...noted];
  } else if (change.action === 'moved') {
    subject = `Moved: ${club.clubName}, now ${now}`;
    paragraphs = [
      change.start === change.knownStart
        ? `The session of ${club.clubName} on ${now} meets at another place that day.`
        : `${club.hostName} has moved the session of ${club.clubName} from ${known} to ${now}.`,
      ...noted,
    ];
  } else {
    subject = `Back on: ${club.clubName}, ${now}`;
    paragraphs = [
      change.undid === 'cancelled'
        ? `The session of ${club.clubName} on ${now} is on again, as planned: ${club.hostName} has undone its cancellation.`
        : `The session of ${club.clubName} is back at its usual time and place: ${now} (it had been moved to ${known}).`,
    ];
  }
  const held = change.action !== 'cancelled';
  return {
    ...composeEmail({
      to: member.email,
      replyTo: club.hostEmail,
      subject,
      greeting: `Hello ${member.name},`,
      paragraphs: [
        ...paragraphs,
        ...(held && change.reading ? [`This session reads ${change.reading}.`] : []),
        `Your club page has the club's next sessions. Reply to this email to write to ${club.hostName}.`,
      ],
      details: held ? [['When', now], ...change.place] : [['Cancelled', known]],
      actions: [{ label: 'Your club', url: `${origin}${yourClubPath(clubToken)}` }],
      reason: `You receive this because you are a member of ${club.clubName} and its host changed one of its sessions: one email per change.`,
    }),
    headers: AUTOMATIC,
  };
}

/** The host's summary the morning of a session: who is coming, how many can't, how many have not answered. */
export function rsvpSummaryEmail(input: {
  club: MemberClub;
  start: string;
  zone: string;
  coming: string[];
  notComing: number;
  notAnswered: number;
  origin: string;
  /** The summary's one-click unsubscribe (platform/email/unsubscribe-links.ts): it turns the summary off. */
  unsubscribe: { url: string; headers: Record<string, string> };
}): Mail {
  const { club, start, zone, coming, notComing, notAnswered, origin, unsubscribe } = input;
  const when = sessionWhen(start, zone);
  return {
    ...composeEmail({
      to: club.hostEmail,
      subject: `Today at ${club.clubName}: ${coming.length} coming`,
      greeting: `Hello ${club.hostName},`,
      paragraphs: [
        `Your club meets today, ${when}. ${coming.length} coming · ${notComing} can't · ${notAnswered} not answered.`,
        coming.length > 0 ? `Coming:\n${coming.map((name) => `- ${name}`).join('\n')}` : 'No member has said they are coming yet.',
      ],
      actions: [{ label: 'Your club profile', url: `${origin}/club-profile/${club.id}#members` }],
      links: [{ label: 'Stop this morning summary', url: unsubscribe.url }],
      reason: `You receive this because you host ${club.clubName} and asked for a summary of your members' answers the morning of each session. Turn it off under "Reminders" on your club profile, with the link above, or with your mail reader's Unsubscribe.`,
    }),
    headers: unsubscribe.headers,
  };
}
