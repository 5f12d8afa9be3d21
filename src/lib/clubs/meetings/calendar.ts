import ical from 'ical-generator';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { MONTH_WEEK, type MeetingFormat, type MeetingFrequency, type MeetingSlot, type Weekday } from '#lib/clubs/meetings/types.ts';
import { meetingPlace } from '#lib/clubs/meetings/place.ts';
import type { PublicClub } from '#lib/directory/types.ts';
import { escapeText, oneLine, plainLines } from './calendar-text.ts';
import { readingAt, type ReadingPlan } from './curriculum.ts';
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
  videoLink: string | null;
  videoLinkPrivate: boolean;
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

/** What the host shows in place of a private video link. */
export const PRIVATE_VIDEO_LINK = 'Ask the host for the link';

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

/** The video link a visitor may see: the link, "Ask the host for the link" when private, null when there is none. */
export function publicVideoLink(club: Pick<CalendarClub, 'meetingFormat' | 'videoLink' | 'videoLinkPrivate'>): string | null {
  if (club.meetingFormat !== 'online' && club.meetingFormat !== 'hybrid') return null;
  if (club.videoLinkPrivate) return PRIVATE_VIDEO_LINK;
  return club.videoLink;
}

/** An event's description: what the club reads, the video link (or whom to ask for it) and the club's page. */
function eventDescription(club: CalendarClub, pageUrl: string, about: string | null): string {
  const video = publicVideoLink(club);
  return [about, video && `Video link: ${video}`, `Club page: ${pageUrl}`].filter(Boolean).join('\n\n');
}

/** A session of the club, with what the club reads at it (null outside its reading plan or without a cycle start). */
export interface ReadingSession extends Session {
  reading: { title: string; about: string | null } | null;
}

const readingOf = (club: MeetingPlan, reading: ReadingPlan, session: Session) =>
  club.cycleStart ? readingAt(reading, club.cycleStart, session.start.toISODate()!, club.meetingFrequency) : null;

/** The club's next `count` sessions after `now`, each with what the club reads at it. */
export function upcomingSessions(club: MeetingPlan, reading: ReadingPlan, now: Date, count: number): ReadingSession[] {
  return sessionsFrom(club, now, count).map((session) => ({ ...session, reading: readingOf(club, reading, session) }));
}

/** "20260303T190000": a local time as iCalendar and Google Calendar write it. */
const localStamp = (time: DateTime) => time.toFormat("yyyyMMdd'T'HHmmss");

/** A single slot's own plan, so that each slot gets its own series. */
const slotPlan = (club: CalendarClub, slot: MeetingSlot): MeetingPlan => ({ ...club, meetingSlots: [slot] });

/**
 * The club's calendar as an iCalendar document, or null for a club without times. With a cycle start, every session
 * from it to the end of the reading plan is an event of its own titled "Week 1 — Awakening · {club}"; each slot
 * then continues as a recurring event titled with the club's name. Without one, each slot is a recurring event from
 * its first session after the club registered.
 */
export function clubCalendar(club: CalendarClub, { reading, pageUrl }: CalendarContext): string | null {
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
  const addEvent = (session: Session, summary: string, about: string | null, rule: string | null) =>
    calendar.createEvent({
      id: `club-${club.id}-${localStamp(session.start)}${rule ? '-series' : ''}@${uidDomain}`,
      start: session.start,
      end: session.end,
      timezone: zone,
      summary: oneLine(summary),
      location,
      url: pageUrl,
      description: plainLines(eventDescription(club, pageUrl, about)),
      repeating: rule && `RRULE:${rule}`,
    });

  for (const slot of club.meetingSlots) {
    const plan = slotPlan(club, slot);
    const rule = recurrenceRule(slot, club.meetingFrequency);
    if (!club.cycleStart) {
      const [first] = sessionsFrom(plan, new Date(club.createdAt), 1);
      if (first) addEvent(first, clubName, null, rule);
      continue;
    }
    const cycleStart = DateTime.fromISO(club.cycleStart, { zone });
    // Past the plan's last month by one more, so that every slot has a session after the plan to continue from.
    const until = cycleStart.plus({ months: Math.max(reading.months.length, 2) + 2 });
    for (const session of sessionsFrom(plan, cycleStart.toJSDate(), 1000, until.toJSDate())) {
      const read = readingOf(club, reading, session);
      if (!read) {
        addEvent(session, clubName, null, rule);
        break;
      }
      addEvent(session, `${read.title} · ${clubName}`, read.about, null);
    }
  }
  return calendar.toString();
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
