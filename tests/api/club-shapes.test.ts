import { beforeAll, describe, expect, it } from 'vitest';
import { asUser, registerHost, request, signInAdmin, testSql } from '../support/api.ts';
import { insertClub } from '../support/clubs.ts';

// A club's fields in the order the API has always sent them, so clients that print, hash or diff its JSON see the
// same text: the public shape names the club before its host, the host's and the admin's shape the host first.
const PUBLIC_FIELDS = [
  'id',
  'clubName',
  'hostName',
  'city',
  'state',
  'zipCode',
  'description',
  'website',
  'meetingSchedule',
  'isVerified',
  'createdAt',
  'meetingSlots',
  'meetingFrequency',
  'meetingFormat',
  'meetingLanguage',
  'venueName',
  'venueAddress',
  'venuePrivate',
  'cycleStart',
  'timeZone',
  'confirmedAt',
  'memberCount',
  'nextSession',
];
const CLUB_FIELDS = [
  'id',
  'ownerId',
  'hostName',
  'email',
  'clubName',
  'city',
  'state',
  'zipCode',
  'description',
  'website',
  'meetingSchedule',
  'isVerified',
  'membershipType',
  'isLifetime',
  'renewalDate',
  'hostSetCode',
  'createdAt',
  'meetingSlots',
  'meetingFrequency',
  'meetingFormat',
  'meetingLanguage',
  'videoLink',
  'dialIn',
  'venueName',
  'venueAddress',
  'venuePrivate',
  'cycleStart',
  'timeZone',
  'confirmedAt',
  'needsCheckInSince',
  'inactiveSince',
];

const keysOf = async (response: Response) => {
  expect(response.status).toBe(200);
  const body = (await response.json()) as object | object[];
  return Array.isArray(body) ? body.map((item) => Object.keys(item)) : [Object.keys(body)];
};

let verified: { id: number };

beforeAll(async () => {
  verified = await insertClub(testSql(), { clubName: 'Shape Circle', zipCode: '78704', website: null, meetingSchedule: 'Mondays' });
});

describe('the order of a club’s fields in the JSON', () => {
  it('is the public one in the recent clubs, in a state search and in a contact answer', async () => {
    for (const keys of await keysOf(await request('/api/clubs'))) expect(keys).toEqual(PUBLIC_FIELDS);
    for (const keys of await keysOf(await request('/api/clubs/search?state=TX'))) expect(keys).toEqual(PUBLIC_FIELDS);

    const contact = await request(`/api/clubs/${verified.id}/contact`);
    const body = (await contact.json()) as { club: object };
    expect(Object.keys(body)).toEqual(['club', 'email']);
    expect(Object.keys(body.club)).toEqual(PUBLIC_FIELDS);
  });

  it('is the public one and then the distance in distance searches and the nearest clubs', async () => {
    const near = await keysOf(await request('/api/clubs/search?lat=30.2428&lng=-97.7658&radius=10'));
    expect(near.length).toBeGreaterThan(0);
    for (const keys of near) expect(keys).toEqual([...PUBLIC_FIELDS, 'distanceMiles']);
    for (const keys of await keysOf(await request('/api/clubs/nearest?lat=30.2428&lng=-97.7658')))
      expect(keys).toEqual([...PUBLIC_FIELDS, 'distanceMiles']);
  });

  it('is the whole club for its host, after a profile edit and for the admin', async () => {
    const host = await registerHost();
    expect(await keysOf(await request(`/api/clubs/${host.clubId}`, { headers: asUser(host.token) }))).toEqual([CLUB_FIELDS]);
    const { payload } = host;
    const edit = {
      hostName: payload.hostName,
      clubName: payload.clubName,
      city: payload.city,
      state: payload.state,
      zipCode: payload.zipCode,
    };
    expect(await keysOf(await request(`/api/clubs/${host.clubId}`, { method: 'PUT', headers: asUser(host.token), json: edit }))).toEqual([
      CLUB_FIELDS,
    ]);

    const admin = asUser(await signInAdmin());
    // The admin's list adds, after the club, whether its host has confirmed their email.
    for (const keys of await keysOf(await request('/api/admin/clubs', { headers: admin }))) {
      expect(keys).toEqual([...CLUB_FIELDS, 'hostEmailConfirmed']);
    }
    expect(await keysOf(await request(`/api/clubs/${host.clubId}/set-yearly`, { method: 'POST', headers: admin }))).toEqual([CLUB_FIELDS]);
  });
});
