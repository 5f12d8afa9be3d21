import type { ClubRecord } from '#lib/club-types.ts';

/** A club's profile fields as a form's starting values: inputs hold text, so empty optional fields become ''. */
export function clubProfileFormValues(club: ClubRecord) {
  return {
    hostName: club.hostName,
    clubName: club.clubName,
    city: club.city,
    state: club.state,
    zipCode: club.zipCode,
    description: club.description ?? '',
    website: club.website ?? '',
    meetingSchedule: club.meetingSchedule ?? '',
  };
}
