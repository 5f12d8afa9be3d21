import ical from 'ical-generator';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import {
  MEETS_IN,
  MONTH_WEEK,
  type MeetingFormat,
  type MeetingFrequency,
  type MeetingLanguage,
  type MeetingSlot,
  type Weekday,
} from '#lib/clubs/meetings/types.ts';
import { LINK_FOR_MEMBERS, meetingPlace, meetsOnline } from '#lib/clubs/meetings/place.ts';
import type { PublicClub } from '#lib/directory/types.ts';
import { escapeText, oneLine, plainLines } from './calendar-text.ts';
import type { SessionChange } from './changes.ts';
import type { ReadingPlan } from './curriculum.ts';
import { planSessions, plannedSessions, withChange, type PlannedSession } from './planned.ts';
import { hasSessions, sessionsFrom, type MeetingPlan, type Session } from './sessions.ts';

// A club's calendar (docs/decisions/018): its sessions as iCalendar events in the club's own time zone, titled with
// what the club reads while its reading plan runs, and a recurring event after it, so that a subscription never ends.
// Server-side only (luxon).

/** What a club's calendar is made of. */
export interface CalendarClub extends MeetingPlan {
  id: number;
  clubName: string;
  city: string;
  state: string;
  zipCode: string;
  meetingFormat: MeetingFormat | null;
  meetingLanguage: MeetingLanguage;
  /** As the public shape has them: a private place's name and address are null. */
  venueName: PublicClub['venueName'];
  venueAddress: PublicClub['venueAddress'];
  venuePrivate: boolean;
  /** ISO instant: a club without a cycle start has its series begin at its first session after registering. */
  createdAt: string;
}

/** Where the calendar points and what its events' UIDs end with. */
export interface CalendarContext {
  reading: ReadingPlan;
  /** The club's page (absolute URL). */
  pageUrl: string;
}

const BYDAY: Record<Weekday, string> = {
  monday: 'MO',
  tuesday: 'TU',
  wednesday: 'WE',
  thursday: 'TH',
  friday: 'FR',
  saturday: 'SA',
  sunday: 'SU',
};

/**
 * The RRULE value of a slot held as often as `frequency` says: "FREQ=WEEKLY;BYDAY=TU", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU"
 * (the series' first session sets which weeks), "FREQ=MONTHLY;BYDAY=1TU", "FREQ=MONTHLY;BYDAY=-1TU".
 */
export function recurrenceRule(slot: Pick<MeetingSlot, 'weekday'>, frequency: MeetingFrequency): string {
  const day = BYDAY[slot.weekday];
  const monthWeek = MONTH_WEEK[frequency];
  if (monthWeek !== undefined) return `FREQ=MONTHLY;BYDAY=${monthWeek}${day}`;
  return frequency === 'biweekly' ? `FREQ=WEEKLY;INTERVAL=2;BYDAY=${day}` : `FREQ=WEEKLY;BYDAY=${day}`;
}

/**
 * Where the club meets, as a calendar's location: "Online" for online clubs, the public meeting place with its full
 * address ("Twin Oaks Library, 1800 S 5th St, Austin, TX 78704") for in-person and hybrid ones, else "City, ST".
 */
export function meetingLocation(
  club: Pick<CalendarClub, 'meetingFormat' | 'city' | 'state' | 'zipCode' | 'venueName' | 'venueAddress' | 'venuePrivate'>,
): string {
  if (club.meetingFormat === 'online') return 'Online';
  const place = meetingPlace(club);
  return place && place !== 'on-request' ? `${place.name}, ${place.address}` : `${club.city}, ${club.state}`;
}

/**
 * An event's description: what the club reads, the language it meets in (a line of its own: RFC 5545's LANGUAGE
 * parameter says what language a text is written in, and these texts are English whatever the club speaks), that an
 * online club's link is sent to its members (a calendar feed is public: the link itself never is in it,
 * docs/decisions/036) and the club's page.
 */
function eventDescription(club: CalendarClub, pageUrl: string, about: string | null): string {
  const online = meetsOnline(club) && `Meeting link: ${LINK_FOR_MEMBERS}.`;
  return [about, `${MEETS_IN[club.meetingLanguage]}.`, online, `Club page: ${pageUrl}`].filter(Boolean).join('\n\n');
}

/** The club's next `count` sessions after `now` as they will be held (cancelled, moved), each with what it reads. */
export function upcomingSessions(
  club: MeetingPlan,
  reading: ReadingPlan,
  now: Date,
  count: number,
  changes: readonly SessionChange[] = [],
): PlannedSession[] {
  return plannedSessions(club, reading, changes, now, count);
}

/** "20260303T190000": a local time as iCalendar and Google Calendar write it. */
const localStamp = (time: DateTime) => time.toFormat("yyyyMMdd'T'HHmmss");

/** A single slot's own plan, so that each slot gets its own series. */
const slotPlan = (club: CalendarClub, slot: MeetingSlot): MeetingPlan => ({ ...club, meetingSlots: [slot] });

/** What the calendar is made of besides the club: the host's changes to single sessions and how often it changed. */
export interface CalendarChanges {
  changes?: readonly SessionChange[];
  /** The club's calendar revision: one more for each change and undo, every event's SEQUENCE. */
  sequence?: number;
}

/** "Moved from Thu, Dec 24, 7:00 PM. {note}": what a moved session's description begins with. */
const movedFrom = (session: PlannedSession) =>
  [`Moved from ${session.scheduled.toFormat('ccc, LLL d, h:mm a')}.`, session.note].filter(Boolean).join(' ');

/**
 * The club's calendar as an iCalendar document, or null for a club without times. Each slot is one recurring event
 * (its UID stable) from its first session: the cycle start's, or the first after the club registered. Every session
 * of the reading plan is an occurrence overridden (same UID, RECURRENCE-ID) with its title, "Week 1 — Awakening ·
 * {club}"; a cancelled session is an EXDATE of its series, a moved one an override at its new time and place. Every
 * event carries the club's calendar revision as its SEQUENCE, so a calendar that subscribed replaces what it had.
 */
export function clubCalendar(
  club: CalendarClub,
  { reading, pageUrl }: CalendarContext,
  { changes = [], sequence = 0 }: CalendarChanges = {},
): string | null {
  if (!hasSessions(club)) return null;
  const zone = club.timeZone;
  const uidDomain = new URL(pageUrl).hostname;
  const clubName = oneLine(club.clubName);
  // ical-generator escapes the events' text but writes the calendar's name and description as given (10.2.0); the
  // events get plain text (no control characters) for it to escape, these two are escaped here.
  const calendar = ical({
    name: escapeText(clubName),
    description: escapeText(`When ${clubName} meets`),
    prodId: { company: 'FlameKeeper Clubs', product: 'Club calendar', language: 'EN' },
    url: pageUrl,
    ttl: 12 * 60 * 60,
    // The zone's VTIMEZONE is generated for the events' TZID. Named on the calendar, ical-generator would also write
    // DTSTAMP in it without a Z (floating), which RFC 5545 does not allow.
    timezone: { name: null, generator: (name) => (tzlib_get_ical_block(name) as string[])[0] ?? null },
  });
  const location = oneLine(meetingLocation(club));
  const planned = planSessions(club, reading, changes).sessions;

  for (const slot of club.meetingSlots) {
    const plan = slotPlan(club, slot);
    const from = club.cycleStart ? DateTime.fromISO(club.cycleStart, { zone }).toJSDate() : new Date(club.createdAt);
    const [first] = sessionsFrom(plan, from, 1);
    if (!first) continue;
    const uid = `club-${club.id}-${localStamp(first.start)}-series@${uidDomain}`;
    // The slot's sessions that differ from the series: those of the reading plan and those the host changed after it.
    const own = (session: Session) => session.slot === slot;
    const inPlan = planned.filter(own);
    const planEnd = inPlan.at(-1)?.scheduled.toMillis() ?? -Infinity;
    const later = upcomingAfter(plan, changes, planEnd).filter(own);
    const differing = [...inPlan, ...later];
    const cancelled = differing.filter((session) => session.status === 'cancelled');
    const rule = [`RRULE:${recurrenceRule(slot, club.meetingFrequency)}`];
    if (cancelled.length > 0) rule.push(`EXDATE;TZID=${zone}:${cancelled.map((session) => localStamp(session.scheduled)).join(',')}`);
    calendar.createEvent({
      id: uid,
      sequence,
      start: first.start,
      end: first.end,
      timezone: zone,
      summary: clubName,
      location,
      url: pageUrl,
      description: plainLines(eventDescription(club, pageUrl, null)),
      repeating: rule.join('\n'),
    });
    for (const session of differing) {
      if (session.status === 'cancelled' || (session.status === 'scheduled' && !session.reading)) continue;
      const about =
        session.status === 'moved' ? [movedFrom(session), session.reading?.about].filter(Boolean).join('\n\n') : session.reading!.about;
      calendar.createEvent({
        id: uid,
        sequence,
        recurrenceId: session.scheduled,
        start: session.start,
        end: session.end,
        timezone: zone,
        summary: oneLine(session.reading ? `${session.reading.title} · ${clubName}` : clubName),
        location: session.place ? oneLine(session.place) : location,
        url: pageUrl,
        description: plainLines(eventDescription(club, pageUrl, about || null)),
      });
    }
  }
  return calendar.toString();
}

/** The slot plan's sessions after `after` (ms) that the host changed: the reading plan has ended by then. */
function upcomingAfter(plan: MeetingPlan, changes: readonly SessionChange[], after: number): PlannedSession[] {
  if (!hasSessions(plan)) return [];
  return changes
    .filter((change) => Date.parse(change.occurrence) > after)
    .flatMap((change) => {
      const [scheduled] = sessionsFrom(plan, new Date(change.occurrence), 1);
      if (!scheduled || scheduled.start.toMillis() !== Date.parse(change.occurrence)) return [];
      return [{ ...withChange(scheduled, change, plan.timeZone), reading: null }];
    });
}

/**
 * An "add to Google Calendar" link for a session and its recurrence, in the club's time zone (`ctz`), so that Google
 * keeps 7 PM at 7 PM across daylight-saving changes.
 */
export function googleCalendarLink(club: CalendarClub & { timeZone: string }, session: Session, pageUrl: string): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: club.clubName,
    dates: `${localStamp(session.start)}/${localStamp(session.end)}`,
    ctz: club.timeZone,
    recur: `RRULE:${recurrenceRule(session.slot, club.meetingFrequency)}`,
    details: eventDescription(club, pageUrl, null),
    location: meetingLocation(club),
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}
