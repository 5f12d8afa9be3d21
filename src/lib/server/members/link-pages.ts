import { MEMBER_UNSUBSCRIBE_PATH } from '#lib/members/reminders.ts';
import { memberLinkSchema } from '#lib/schemas/members.ts';
import { rsvpLinkSchema } from '#lib/schemas/reminders.ts';
import { findMemberOfLink, type MemberOfLink } from './members.ts';

// What the pages of a club's email links to its members show (/your-club/not-me, /your-club/stop-reminders and their
// Spanish twins, one page component each taking `lang`). Read by the route, which alone can still set the answer's
// status and headers: a component's are too late once the page streams. A GET changes nothing (mail scanners follow
// links): each page's button does.

type PageResponse = { status?: number; headers: Headers };

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
