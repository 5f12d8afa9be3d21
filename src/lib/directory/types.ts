// Zod-free on purpose: the directory island imports these, and zod would add ~22 KB to its budget of 80 KB.
import type { Club } from '#lib/clubs/types.ts';

/** How many clubs one page of a search holds, nearest or newest first; the directory shows more a page at a time. */
export const SEARCH_PAGE_SIZE = 24;

/** The last page of a search the API serves (2,400 clubs deep); anything past it is refused. */
export const MAX_SEARCH_PAGE = 100;

/** The longest search text the API accepts. */
export const MAX_SEARCH_LENGTH = 100;

/** The distances (miles) a place search may reach; anything else is refused. */
export const SEARCH_RADII = [10, 25, 50, 100] as const;
export type SearchRadius = (typeof SEARCH_RADII)[number];
export const DEFAULT_RADIUS: SearchRadius = 25;

/**
 * The public face of a club: what the directory, its cards and dialog may show to anyone. Only verified clubs are
 * public; its JSON names the club before its host. meetingSchedule is the host's text, or the meeting times in words
 * when the host wrote none. A private meeting place's name and address are null: venuePrivate says it is shared after
 * you ask to join.
 */
export type PublicClub = Pick<
  Club,
  | 'id'
  | 'clubName'
  | 'hostName'
  | 'city'
  | 'state'
  | 'zipCode'
  | 'description'
  | 'website'
  | 'meetingSchedule'
  | 'meetingSlots'
  | 'meetingFrequency'
  | 'meetingFormat'
  | 'meetingLanguage'
  | 'venueName'
  | 'venueAddress'
  | 'venuePrivate'
  | 'cycleStart'
  | 'timeZone'
  | 'createdAt'
  | 'confirmedAt'
> & {
  isVerified: true;
  /** How many members the club has (issue 40): a number from 3 members, null below (fewer could point at people). */
  memberCount: number | null;
  /** When the club next meets (an ISO instant), for the visitor to read in their own time zone; null without times. */
  nextSession: string | null;
  /** Miles from the searched place, to one decimal; only in answers to place and position searches. */
  distanceMiles?: number;
};
