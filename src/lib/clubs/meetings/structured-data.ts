import { DateTime, Duration } from 'luxon';
import {
  LANGUAGE_TAGS,
  MONTH_WEEK,
  WEEKDAY_NAMES,
  type MeetingFormat,
  type MeetingFrequency,
  type MeetingSlot,
} from '#lib/clubs/meetings/types.ts';
import type { PublicClub } from '#lib/directory/types.ts';
import { meetingPlace } from '#lib/clubs/meetings/place.ts';
import type { PlannedSession } from './planned.ts';
import { hasSessions, sessionsFrom, type MeetingPlan, type Session } from './sessions.ts';

// schema.org JSON-LD for a club's page: an Event series with its schedule when the club has meeting times, an
// Organization otherwise. Server-side only (luxon).

const REPEAT_FREQUENCY: Record<MeetingFrequency, string> = {
  weekly: 'P1W',
  biweekly: 'P2W',
  first: 'P1M',
  second: 'P1M',
  third: 'P1M',
  fourth: 'P1M',
  last: 'P1M',
};

const ATTENDANCE_MODE: Record<MeetingFormat, string> = {
  'in-person': 'https://schema.org/OfflineEventAttendanceMode',
  online: 'https://schema.org/OnlineEventAttendanceMode',
  hybrid: 'https://schema.org/MixedEventAttendanceMode',
};

type StructuredClub = MeetingPlan &
  Pick<
    PublicClub,
    | 'clubName'
    | 'description'
    | 'website'
    | 'city'
    | 'state'
    | 'zipCode'
    | 'meetingFormat'
    | 'meetingLanguage'
    | 'venueName'
    | 'venueAddress'
    | 'venuePrivate'
    | 'createdAt'
  >;

/**
 * The club as schema.org data: an Event whose eventSchedule has a Schedule per weekly slot (byDay, startTime,
 * duration, repeatFrequency, byMonthWeek for a monthly slot, scheduleTimezone, startDate) when it has times and a
 * next session held (EventRescheduled with its previousStartDate when the host moved it), else an Organization.
 * The language it meets in is the Event's inLanguage and the Organization's knowsLanguage (schema.org gives an
 * Organization no inLanguage), as BCP 47 tags; another language is left unsaid. `image` is the page's preview card.
 */
export function clubStructuredData(
  club: StructuredClub,
  pageUrl: string,
  next: (Session & Partial<Pick<PlannedSession, 'status' | 'scheduled'>>) | null,
  image: string,
): Record<string, unknown> {
  const address = {
    '@type': 'PostalAddress',
    addressLocality: club.city,
    addressRegion: club.state,
    postalCode: club.zipCode,
    addressCountry: 'US',
  };
  const organization = {
    '@type': 'Organization',
    name: club.clubName,
    url: club.website ?? pageUrl,
    address,
    knowsLanguage: LANGUAGE_TAGS[club.meetingLanguage],
  };
  if (!next || !hasSessions(club)) {
    return {
      '@context': 'https://schema.org',
      ...organization,
      image,
      description: club.description ?? undefined,
      foundingDate: club.createdAt.slice(0, 10),
    };
  }
  const venue = meetingPlace(club);
  const place =
    venue && venue !== 'on-request'
      ? { '@type': 'Place', name: venue.name, address: { ...address, streetAddress: club.venueAddress } }
      : { '@type': 'Place', name: `${club.city}, ${club.state}`, address };
  const online = { '@type': 'VirtualLocation', url: pageUrl };
  const format = club.meetingFormat ?? 'in-person';
  // A Schedule's startDate is its slot's first session: on the slot's weekday, from the cycle start when there is one
  // (a weekly Tuesday club whose cycle began on a Thursday first meets the Tuesday after).
  const from = club.cycleStart ? DateTime.fromISO(club.cycleStart, { zone: club.timeZone }) : next.start.startOf('day');
  const firstDate = (slot: MeetingSlot) =>
    sessionsFrom({ ...club, meetingSlots: [slot] }, from.toJSDate(), 1)[0]?.start.toISODate() ?? undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: club.clubName,
    description: club.description ?? undefined,
    url: pageUrl,
    image,
    inLanguage: LANGUAGE_TAGS[club.meetingLanguage],
    startDate: next.start.toISO({ suppressMilliseconds: true }),
    endDate: next.end.toISO({ suppressMilliseconds: true }),
    // The next session held: a cancelled one is never it; a moved one is rescheduled from its usual time (issue 40).
    ...(next.status === 'moved' && next.scheduled
      ? {
          eventStatus: 'https://schema.org/EventRescheduled',
          previousStartDate: next.scheduled.toISO({ suppressMilliseconds: true }),
        }
      : { eventStatus: 'https://schema.org/EventScheduled' }),
    eventAttendanceMode: ATTENDANCE_MODE[format],
    location: format === 'online' ? online : format === 'hybrid' ? [place, online] : place,
    organizer: organization,
    isAccessibleForFree: true,
    eventSchedule: club.meetingSlots.map((slot) => ({
      '@type': 'Schedule',
      byDay: `https://schema.org/${WEEKDAY_NAMES[slot.weekday]}`,
      byMonthWeek: MONTH_WEEK[club.meetingFrequency],
      startTime: `${slot.start}:00`,
      duration: Duration.fromObject({ minutes: slot.durationMinutes }).shiftTo('hours', 'minutes').toISO(),
      repeatFrequency: REPEAT_FREQUENCY[club.meetingFrequency],
      scheduleTimezone: club.timeZone,
      startDate: firstDate(slot),
    })),
  };
}

/** JSON for a <script type="application/ld+json">: no club text can close the element or open a comment. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}
