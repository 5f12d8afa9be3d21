import type { ReadingPlan } from '#lib/clubs/meetings/curriculum.ts';
import { MEMBER_UNSUBSCRIBE_PATH } from '#lib/members/reminders.ts';
import { memberLinkSchema } from '#lib/schemas/members.ts';
import { rsvpLinkSchema } from '#lib/schemas/reminders.ts';
import { languageOfPath, type Language } from '#lib/shared/languages.ts';
import { findMemberOfLink, type MemberOfLink } from './members.ts';
import { sessionWhen } from './reminder-emails.ts';
import { findRsvpOfLink, memberSessions, type MemberSession, type RsvpOfLink } from './reminders.ts';

// What the pages of a club's email links to its members show (/your-club, /your-club/not-me, /your-club/rsvp,
// /your-club/stop-reminders and their Spanish twins, one page component each taking `lang`). Read by the route, which
// alone can still set the answer's status and headers: a component's are too late once the page streams. A GET changes
// nothing (mail scanners follow links): each page's button or form does.

type PageResponse = { status?: number; headers: Headers };
/**
 * The reading plan in a language (site-content.ts' loadReadingPlan), handed in by the route: the worker's jobs load this
 * domain too, outside Astro, where the content layer (astro:content) does not exist.
 */
type ReadingPlanOf = (language: Language) => Promise<ReadingPlan>;

/** The link carries the token: no shared cache may keep the page. */
const keepPrivate = (response: PageResponse) => response.headers.set('cache-control', 'private, no-store');

export interface NotMePage {
  /** The member the welcome email's "I did not ask for this" link names, or null (unknown, or removed already). */
  found: MemberOfLink | null;
  /** Sent back by the button once the person is removed. */
  removed: boolean;
}

/** /your-club/not-me: a 404 for a link no member has, unless the page says the person was just removed. */
export async function openNotMeLink(url: URL, response: PageResponse): Promise<NotMePage> {
  const parsed = memberLinkSchema.safeParse({ token: url.searchParams.get('token') });
  const found = parsed.success ? await findMemberOfLink(parsed.data.token, 'not-me') : null;
  const removed = url.searchParams.get('removed') === 'true';
  if (!found && !removed) response.status = 404;
  keepPrivate(response);
  return { found, removed };
}

export interface StopRemindersPage {
  /** The member a reminder's "Stop these reminders" link names, or null. */
  found: MemberOfLink | null;
  /** Whether their reminders are stopped (just now, or before). */
  stopped: boolean;
  /** Where the page's button posts: the one-click unsubscribe's address, which sends a plain form back to the page. */
  action: string;
}

/** /your-club/stop-reminders: a 404 for a link no member has. */
export async function openStopRemindersLink(url: URL, response: PageResponse): Promise<StopRemindersPage> {
  const parsed = rsvpLinkSchema.safeParse({ token: url.searchParams.get('token') });
  const found = parsed.success ? await findMemberOfLink(parsed.data.token, 'reminders-off') : null;
  const stopped = url.searchParams.get('stopped') === 'true' || (found !== null && found.remindersStoppedAt !== null);
  if (!found) response.status = 404;
  keepPrivate(response);
  const action = found ? `${MEMBER_UNSUBSCRIBE_PATH}?${new URLSearchParams({ token: found.token })}` : '';
  return { found, stopped, action };
}

export interface RsvpPage {
  /** The "I'll be there" or "Can't make it" link of a reminder, the session as held and the member's answer, or null. */
  found: RsvpOfLink | null;
  /** Sent back by the button once the answer is stored. */
  saved: boolean;
  /** When the session is held, in the club's time zone and the page's language; '' without a session. */
  when: string;
}

/** /your-club/rsvp: a 404 for a link no member has. The reading's title comes from the plan in the page's language. */
export async function openRsvpLink(url: URL, response: PageResponse, readingPlan: ReadingPlanOf): Promise<RsvpPage> {
  const language = languageOfPath(url.pathname);
  const parsed = rsvpLinkSchema.safeParse({ token: url.searchParams.get('token') });
  const found = parsed.success ? await findRsvpOfLink(parsed.data.token, await readingPlan(language), new Date()) : null;
  const saved = url.searchParams.get('saved') === 'true';
  if (!found) response.status = 404;
  keepPrivate(response);
  const zone = found?.link.club.timeZone;
  const when = found?.session && zone ? sessionWhen(found.session.start.toUTC().toISO()!, zone, language) : '';
  return { found, saved, when };
}

export interface YourClubPage {
  /** The member the link of the club's emails names, or null (unknown, or left already). */
  found: MemberOfLink | null;
  /** Sent back by "Leave the club" once the member is deleted. */
  left: boolean;
  /** The club's next sessions as they will be held, each with its reading and the member's answer. */
  sessions: MemberSession[];
}

/** /your-club: a 404 for a link no member has, unless the page says the member just left. Readings in its language. */
export async function openYourClubLink(url: URL, response: PageResponse, readingPlan: ReadingPlanOf): Promise<YourClubPage> {
  const parsed = memberLinkSchema.safeParse({ token: url.searchParams.get('token') });
  const found = parsed.success ? await findMemberOfLink(parsed.data.token, 'club') : null;
  const left = url.searchParams.get('left') === 'true';
  if (!found && !left) response.status = 404;
  keepPrivate(response);
  const sessions = found ? await memberSessions(found, await readingPlan(languageOfPath(url.pathname)), new Date(), 4) : [];
  return { found, left, sessions };
}
