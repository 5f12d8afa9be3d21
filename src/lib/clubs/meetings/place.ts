// Where an in-person or hybrid club meets, as its page, the directory's dialog and its calendar say it (issue 30
// item 22). Zod-free and date-library-free: the directory island imports it.

import type { Club } from '#lib/clubs/types.ts';
import type { PublicClub } from '#lib/directory/types.ts';

/** What a visitor reads in place of a private meeting place. */
export const PLACE_ON_REQUEST = 'shared after you ask to join';

/** What a visitor reads in place of an online or hybrid club's meeting link, which only its members see. */
export const LINK_FOR_MEMBERS = 'The link is sent to members';

/** Whether a club meets online (online or hybrid): then it may have a meeting link, which is for its members. */
export const meetsOnline = (club: Pick<PublicClub, 'meetingFormat'>) => club.meetingFormat === 'online' || club.meetingFormat === 'hybrid';

type PlaceClub = Pick<PublicClub, 'meetingFormat' | 'venueName' | 'venueAddress' | 'venuePrivate' | 'city' | 'state' | 'zipCode'>;

/** A published meeting place: its name, its full address and a maps search for it. */
export interface PublicMeetingPlace {
  name: string;
  /** "1800 S 5th St, Austin, TX 78704". */
  address: string;
  /** A Google Maps search for the address, which opens the maps app on a phone. */
  directionsUrl: string;
}

/**
 * The meeting place a visitor may see: the place, "on request" when the host shares it only with people who ask to
 * join, null when none is set or the club does not meet in person.
 */
export function meetingPlace(club: PlaceClub): PublicMeetingPlace | 'on-request' | null {
  if (club.meetingFormat !== 'in-person' && club.meetingFormat !== 'hybrid') return null;
  if (club.venuePrivate) return 'on-request';
  if (!club.venueName || !club.venueAddress) return null;
  const address = oneLineAddress(club.venueAddress, club);
  return {
    name: club.venueName,
    address,
    directionsUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`,
  };
}

/** Lower case, commas and runs of spaces as one space: "Asheville,  NC" and "asheville nc" compare equal. */
const comparable = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\s,]+/g, ' ')
    .trim();

/**
 * "1800 S 5th St, Austin, TX 78704": the street line with the club's city, state and ZIP code after it, leaving out
 * what the street line already ends with (hosts often type the address in full, issue 41 item 10). The street line
 * must end with them: "100 Austin Ave" in Austin still gets its city.
 */
export function oneLineAddress(street: string, { city, state, zipCode }: Pick<PlaceClub, 'city' | 'state' | 'zipCode'>): string {
  const line = street.replace(/[\s,]+$/, '');
  const endsWith = (...parts: string[]) => {
    const [text, tail] = [comparable(line), comparable(parts.join(' '))];
    return text === tail || text.endsWith(` ${tail}`);
  };
  // Ending with the ZIP code (or ZIP+4), the line is a whole address: "67 Haywood St, Asheville, NC 28801".
  if (new RegExp(`(^|[\\s,])${zipCode}(-\\d{4})?$`).test(line)) return line;
  if (endsWith(city, state)) return `${line} ${zipCode}`;
  if (endsWith(city)) return `${line}, ${state} ${zipCode}`;
  return `${line}, ${city}, ${state} ${zipCode}`;
}

/** What a club's member is told of where it meets: the place (even one the public page keeps private) and the online link. */
export interface MemberMeetingPlace {
  /** Where an in-person or hybrid club meets, with directions; null when it names no place or meets online only. */
  place: PublicMeetingPlace | null;
  /** For an online or hybrid club: its meeting link and dial-in text, each null when the host has not set it. */
  online: { link: string | null; dialIn: string | null } | null;
}

type MemberPlaceClub = Omit<PlaceClub, 'venuePrivate'> & Pick<Club, 'videoLink' | 'dialIn'>;

/**
 * The place or online link as a member sees it (docs/decisions/036): their "Your club" page and every email to members
 * (reminders, session changes) read it here, and nothing public does. Pass the club's stored fields: the meeting link
 * and dial-in are never part of a public shape.
 */
export function memberMeetingPlace(club: MemberPlaceClub): MemberMeetingPlace {
  const found = meetingPlace({ ...club, venuePrivate: false });
  const place = found === 'on-request' ? null : found;
  const online = meetsOnline(club) ? { link: club.videoLink, dialIn: club.dialIn } : null;
  return { place, online };
}
