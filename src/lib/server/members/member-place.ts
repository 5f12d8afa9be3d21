import { memberMeetingPlace } from '#lib/clubs/meetings/place.ts';
import type { MembersClub } from './members.ts';

// Where a club meets as its members are told it (issue 40): the place itself, even one the public page keeps for
// members, with directions, and an online meeting's link and dial-in (memberMeetingPlace, which the "Your club" page
// shows too). The one place the emails to members (reminders, change notices) read it from.

/** The lines of an email that say where a session is: label and value, a web address shown as a link. */
export type PlaceDetails = (readonly [label: string, value: string])[];

/**
 * Where the club meets for a session, as the emails to members say it: a moved session's own place for that day, or
 * the club's place with its directions; online, the meeting link and dial-in, which only members get (decision 036), or
 * that the host sends the link; else the club's area.
 */
export function memberPlaceDetails(club: MembersClub, sessionPlace: string | null = null): PlaceDetails {
  const { place, online } = memberMeetingPlace(club);
  const details: PlaceDetails = [];
  if (sessionPlace) details.push(['Place (this session only)', sessionPlace]);
  else if (place) details.push(['Place', `${place.name}, ${place.address}`], ['Directions', place.directionsUrl]);
  if (online) {
    details.push(['Meeting link', online.link ?? 'The host sends the meeting link']);
    if (online.dialIn) details.push(['Dial-in', online.dialIn]);
  }
  if (details.length === 0) details.push(['Area', `${club.city}, ${club.state} ${club.zipCode}`]);
  return details;
}
