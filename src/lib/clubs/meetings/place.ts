// Where an in-person or hybrid club meets, as its page, the directory's dialog and its calendar say it (issue 30
// item 22). Zod-free and date-library-free: the directory island imports it.

import type { PublicClub } from '#lib/directory/types.ts';

/** What a visitor reads in place of a private meeting place. */
export const PLACE_ON_REQUEST = 'shared after you ask to join';

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
  const address = `${club.venueAddress}, ${club.city}, ${club.state} ${club.zipCode}`;
  return {
    name: club.venueName,
    address,
    directionsUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`,
  };
}
