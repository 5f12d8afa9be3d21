import { describe, expect, it } from 'vitest';
import { memberMeetingPlace } from '#lib/clubs/meetings/place.ts';
import { memberPlaceDetails } from '#server/members/member-place.ts';

// Issue 40 (docs/decisions/036): what a member is told of where the club meets, on their page and in every email.

const club = {
  meetingFormat: 'hybrid' as const,
  venueName: 'Fletcher Free Library',
  venueAddress: '235 College St',
  city: 'Burlington',
  state: 'VT' as const,
  zipCode: '05401',
  videoLink: 'https://meet.example.org/green-mountain',
  dialIn: 'Dial +1 802 555 0142\nPasscode 4242',
};

/** The rest of a club as the emails to members read it. */
const emailClub = {
  id: 1,
  clubName: 'Green Mountain Readers',
  hostName: 'Ada Host',
  meetingSlots: [],
  meetingFrequency: 'weekly' as const,
  cycleStart: null,
  timeZone: 'America/New_York',
};

describe('memberMeetingPlace', () => {
  it('gives a hybrid club’s place with directions, its link and its dial-in, as data and as the emails say them', () => {
    const where = memberMeetingPlace(club);
    expect(where.place).toEqual({
      name: 'Fletcher Free Library',
      address: '235 College St, Burlington, VT 05401',
      directionsUrl: 'https://www.google.com/maps/search/?api=1&query=235%20College%20St%2C%20Burlington%2C%20VT%2005401',
    });
    expect(where.online).toEqual({ link: 'https://meet.example.org/green-mountain', dialIn: 'Dial +1 802 555 0142\nPasscode 4242' });
    expect(memberPlaceDetails({ ...emailClub, ...club })).toEqual([
      ['Place', 'Fletcher Free Library, 235 College St, Burlington, VT 05401'],
      ['Directions', where.place!.directionsUrl],
      ['Meeting link', 'https://meet.example.org/green-mountain'],
      ['Dial-in', 'Dial +1 802 555 0142\nPasscode 4242'],
    ]);
  });

  it('gives the place the public page keeps private, since members may know it', () => {
    expect(memberMeetingPlace({ ...club, meetingFormat: 'in-person', videoLink: null, dialIn: null })).toMatchObject({
      place: { name: 'Fletcher Free Library' },
      online: null,
    });
  });

  it('says the host sends the link when an online club has none set, and gives no place', () => {
    const where = memberMeetingPlace({ ...club, meetingFormat: 'online', videoLink: null, dialIn: null });
    expect(where).toEqual({ place: null, online: { link: null, dialIn: null } });
    expect(memberPlaceDetails({ ...emailClub, ...club, meetingFormat: 'online', videoLink: null, dialIn: null })).toEqual([
      ['Meeting link', 'The host sends the meeting link'],
    ]);
  });

  it('never gives a link to an in-person club, whatever is stored', () => {
    expect(memberMeetingPlace({ ...club, meetingFormat: 'in-person' }).online).toBeNull();
    expect(memberPlaceDetails({ ...emailClub, ...club, meetingFormat: null })).toEqual([['Area', 'Burlington, VT 05401']]);
  });
});
