import { meetingPlace } from '#lib/clubs/meetings/place.ts';
import { PRIVATE_VIDEO_LINK, publicVideoLink } from '#lib/clubs/meetings/calendar.ts';
import type { MembersClub } from './members.ts';

// Where a club meets as its members are told it (issue 40): the place itself, even one the public page keeps for
// members, with directions, or that it meets online. The "Your club" page shows the same. The one place the emails to
// members (reminders, change notices) read it from, so that what members see of an online meeting (its link, a
// dial-in) is added here once.

/** The lines of an email that say where a session is: label and value, a web address shown as a link. */
export type PlaceDetails = (readonly [label: string, value: string])[];

/**
 * Where the club meets for a session, as the emails to members say it: a moved session's own place for that day, or
 * the club's place with its directions; online, the video link (or that the host sends it); else the club's area.
 */
export function memberPlaceDetails(club: MembersClub, sessionPlace: string | null = null): PlaceDetails {
  const details: PlaceDetails = [];
  if (sessionPlace) {
    details.push(['Place (this session only)', sessionPlace]);
  } else {
    const place = meetingPlace({ ...club, venuePrivate: false });
    if (place && place !== 'on-request') details.push(['Place', `${place.name}, ${place.address}`], ['Directions', place.directionsUrl]);
  }
  if (club.meetingFormat === 'online' || club.meetingFormat === 'hybrid') {
    const video = publicVideoLink(club);
    details.push(['Online', video && video !== PRIVATE_VIDEO_LINK ? video : 'The host sends the meeting link']);
  }
  if (details.length === 0) details.push(['Area', `${club.city}, ${club.state} ${club.zipCode}`]);
  return details;
}
