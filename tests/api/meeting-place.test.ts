import ical, { type VEvent } from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { asUser, registerHost, request, testSql } from '../support/api.ts';
import { insertClub, type MeetingsFixture } from '../support/clubs.ts';

// Issue 30 item 22: a club's meeting place, with directions, and a private one that stays private.

const SLOTS = [{ weekday: 'thursday' as const, start: '18:30', durationMinutes: 90 }];
const PRIVATE_NAME = 'The Hollis family parlour';
const PRIVATE_ADDRESS = '41 Quiet Hollow Rd';

let publicClub: { id: number; clubName: string };
let privateClub: { id: number; clubName: string };
let fullAddressClub: { id: number; clubName: string };

beforeAll(async () => {
  const sql = testSql();
  const add = async (clubName: string, meetings: MeetingsFixture) => ({
    id: (await insertClub(sql, { clubName, city: 'Fargo', state: 'ND', zipCode: '58102', meetings })).id,
    clubName,
  });
  publicClub = await add('Red River Library Readers', {
    meetingSlots: SLOTS,
    meetingFormat: 'in-person',
    venueName: 'Fargo Public Library main branch',
    venueAddress: '102 3rd St N',
    timeZone: 'America/Chicago',
  });
  fullAddressClub = await add('Broadway Lamplighters', {
    meetingSlots: SLOTS,
    meetingFormat: 'in-person',
    venueName: 'Fargo Theatre lobby',
    venueAddress: '314 Broadway N, fargo,  ND 58102',
    timeZone: 'America/Chicago',
  });
  privateClub = await add('Hollow Road Hearth', {
    meetingSlots: SLOTS,
    meetingFormat: 'hybrid',
    venueName: PRIVATE_NAME,
    venueAddress: PRIVATE_ADDRESS,
    venuePrivate: true,
    timeZone: 'America/Chicago',
  });
});

const profile = { hostName: 'Avery Quinn', clubName: 'Meeting Place Circle', city: 'Austin', state: 'TX', zipCode: '78704' };
const place = { meetingFormat: 'in-person', venueName: 'Twin Oaks Library community room', venueAddress: '1800 S 5th St' };

const asHost = async (clubId: number, token: string) =>
  (await (await request(`/api/clubs/${clubId}`, { headers: asUser(token) })).json()) as object;

async function fieldErrors(response: Response): Promise<Record<string, string[]>> {
  expect(response.status).toBe(400);
  return ((await response.json()) as { error: { fieldErrors: Record<string, string[]> } }).error.fieldErrors;
}

/** The club's page's HTML. */
const pageHtml = async (club: { id: number; clubName: string }) => {
  const response = await request(clubPagePath(club));
  expect(response.status).toBe(200);
  return response.text();
};

async function locationsOf(club: { id: number }): Promise<string[]> {
  const response = await request(`/api/clubs/${club.id}/calendar.ics`);
  expect(response.status).toBe(200);
  const text = await response.text();
  const events = Object.values(ical.sync.parseICS(text)).filter((item): item is VEvent => item?.type === 'VEVENT');
  expect(events.length).toBeGreaterThan(0);
  return [...new Set(events.map((event) => String(event.location)))];
}

describe('a meeting place, as its host gives it', () => {
  it('is stored at registration and in a profile edit, and returned to the host', async () => {
    const { clubId, token } = await registerHost({ ...place, venuePrivate: true });
    expect(await asHost(clubId, token)).toMatchObject({ ...place, venuePrivate: true });

    const edit = { ...profile, ...place, venueName: 'Ruiz Branch Library', venuePrivate: false };
    const response = await request(`/api/clubs/${clubId}`, { method: 'PUT', headers: asUser(token), json: edit });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ venueName: 'Ruiz Branch Library', venueAddress: '1800 S 5th St', venuePrivate: false });

    // Left empty, it is cleared.
    await request(`/api/clubs/${clubId}`, {
      method: 'PUT',
      headers: asUser(token),
      json: { ...profile, meetingFormat: 'in-person', venueName: '', venueAddress: '' },
    });
    expect(await asHost(clubId, token)).toMatchObject({ venueName: null, venueAddress: null, venuePrivate: false });
  });

  const BAD_INPUT: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ['a one-letter name', { ...place, venueName: 'X' }, { venueName: ['Meeting place must be at least 2 characters'] }],
    ['a name of 121 characters', { ...place, venueName: 'L'.repeat(121) }, { venueName: ['Meeting place must be at most 120 characters'] }],
    ['an address of 4 characters', { ...place, venueAddress: '1 Av' }, { venueAddress: ['Street address must be at least 5 characters'] }],
    [
      'an address of two lines',
      { ...place, venueAddress: '1800 S 5th St\nAustin' },
      { venueAddress: [expect.stringMatching(/^Use one line/)] },
    ],
    ['a name without an address', { ...place, venueAddress: '' }, { venueAddress: ["Give the meeting place's street address too"] }],
    ['an address without a name', { ...place, venueName: null }, { venueName: ['Name the meeting place too'] }],
    [
      'a place for an online club',
      { ...place, meetingFormat: 'online' },
      { venueName: ['A meeting place is for in-person or hybrid meetings'] },
    ],
    [
      'a privacy that is not a boolean',
      { ...place, venuePrivate: 'yes' },
      { venuePrivate: ['Sharing the place only on request must be true or false'] },
    ],
  ];

  it.each(BAD_INPUT)('refuses %s with the message on the field', async (_name, input, expected) => {
    const { clubId, token } = await registerHost();
    expect(
      await fieldErrors(await request(`/api/clubs/${clubId}`, { method: 'PUT', headers: asUser(token), json: { ...profile, ...input } })),
    ).toEqual(expected);
    expect(await asHost(clubId, token)).toMatchObject({ venueName: null, venueAddress: null });
  });

  it('is refused at registration with the field message too', async () => {
    const response = await request('/api/clubs/register', { method: 'POST', json: { ...place, venueName: 'X' } });
    expect(await fieldErrors(response)).toMatchObject({ venueName: ['Meeting place must be at least 2 characters'] });
  });
});

describe('a public meeting place', () => {
  it('is in the directory’s JSON, on the club’s page with directions, and in its calendar’s LOCATION', async () => {
    const search = (await (await request('/api/clubs/search?state=ND')).json()) as Record<string, unknown>[];
    expect(search.find((club) => club.id === publicClub.id)).toMatchObject({
      venueName: 'Fargo Public Library main branch',
      venueAddress: '102 3rd St N',
      venuePrivate: false,
    });

    const html = await pageHtml(publicClub);
    expect(html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).toContain(
      'Meeting place: Fargo Public Library main branch, 102 3rd St N, Fargo, ND 58102 Directions (opens in a new tab)',
    );
    expect(html).toContain(
      'href="https://www.google.com/maps/search/?api=1&amp;query=102%203rd%20St%20N%2C%20Fargo%2C%20ND%2058102" target="_blank" rel="noopener noreferrer"',
    );

    expect(await locationsOf(publicClub)).toEqual(['Fargo Public Library main branch, 102 3rd St N, Fargo, ND 58102']);
  });

  it('typed in full, is not followed by its city, state and ZIP code again on the page nor in the LOCATION (issue 41 item 10)', async () => {
    const html = await pageHtml(fullAddressClub);
    expect(html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).toContain(
      'Meeting place: Fargo Theatre lobby, 314 Broadway N, fargo, ND 58102 Directions',
    );
    expect(await locationsOf(fullAddressClub)).toEqual(['Fargo Theatre lobby, 314 Broadway N, fargo,  ND 58102']);
  });
});

describe('a private meeting place', () => {
  const secret = (text: string) => {
    expect(text).not.toContain(PRIVATE_NAME);
    expect(text).not.toContain(PRIVATE_ADDRESS);
  };

  it('is in no public JSON: the recent clubs, a search and the dialog’s data say only that it is shared on request', async () => {
    secret(await (await request('/api/clubs')).text());
    const search = await (await request('/api/clubs/search?state=ND')).text();
    secret(search);
    expect((JSON.parse(search) as { id: number }[]).find((club) => club.id === privateClub.id)).toMatchObject({
      venueName: null,
      venueAddress: null,
      venuePrivate: true,
    });
    secret(await (await request('/api/clubs/search?lat=46.8772&lng=-96.7898&radius=10')).text());
    secret(await (await request('/api/clubs/nearest?lat=46.8772&lng=-96.7898')).text());
    const contact = await (await request(`/api/clubs/${privateClub.id}/contact`)).text();
    secret(contact);
    expect((JSON.parse(contact) as { club: object }).club).toMatchObject({ venueName: null, venueAddress: null, venuePrivate: true });
  });

  it('is not on the club’s page, which says it is shared after you ask to join, nor in its calendar', async () => {
    const html = await pageHtml(privateClub);
    secret(html);
    expect(html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).toContain('Meeting place: shared after you ask to join');
    expect(html).not.toContain('google.com/maps');

    const calendar = await (await request(`/api/clubs/${privateClub.id}/calendar.ics`)).text();
    secret(calendar);
    expect(await locationsOf(privateClub)).toEqual(['Fargo, ND']);
  });
});
