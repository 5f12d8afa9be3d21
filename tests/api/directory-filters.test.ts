import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_PAGE_SIZE, type PublicClub } from '#lib/directory/types.ts';
import { timeOfDayOf, type MeetingFilter, type MeetingFormat, type MeetingSlot } from '#lib/clubs/meetings/types.ts';
import { request, testSql } from '../support/api.ts';
import { insertClub } from '../support/clubs.ts';

// South Dakota's clubs are this file's alone: no other test file puts any there. Sioux Falls (57104-57106), Brookings
// (57006, about 50 mi north) and Rapid City (57701, about 340 mi west).

const slot = (weekday: MeetingSlot['weekday'], start: string): MeetingSlot => ({ weekday, start, durationMinutes: 90 });

const FIXTURES = {
  tuesdayEveningInPerson: { zipCode: '57104', city: 'Sioux Falls', slots: [slot('tuesday', '19:00')], format: 'in-person' },
  tuesdayMorningWednesdayEvening: {
    zipCode: '57105',
    city: 'Sioux Falls',
    slots: [slot('tuesday', '09:00'), slot('wednesday', '19:00')],
    format: 'online',
  },
  tuesdayEveningHybrid: { zipCode: '57106', city: 'Sioux Falls', slots: [slot('tuesday', '18:00')], format: 'hybrid' },
  tuesdayEveningOnline: { zipCode: '57006', city: 'Brookings', slots: [slot('tuesday', '19:30')], format: 'online' },
  saturdayMorningOnline: { zipCode: '57701', city: 'Rapid City', slots: [slot('saturday', '10:00')], format: 'online' },
  thursdayAfternoonInPerson: { zipCode: '57105', city: 'Sioux Falls', slots: [slot('thursday', '13:00')], format: 'in-person' },
} satisfies Record<string, { zipCode: string; city: string; slots: MeetingSlot[]; format: MeetingFormat }>;
type Name = keyof typeof FIXTURES;

const id: Partial<Record<Name | 'withoutTimes' | 'pending', number>> = {};
const fridayAfternoon: number[] = [];

beforeAll(async () => {
  const sql = testSql();
  // Newest first in the order listed, each a second apart, all registered just now.
  let createdAt = Date.now();
  const at = () => new Date((createdAt -= 1000));
  for (const [name, { zipCode, city, slots, format }] of Object.entries(FIXTURES)) {
    const meetings = { meetingSlots: slots, meetingFormat: format };
    id[name as Name] = (await insertClub(sql, { clubName: `Prairie ${name}`, state: 'SD', city, zipCode, createdAt: at(), meetings })).id;
  }
  id.withoutTimes = (
    await insertClub(sql, {
      clubName: 'Prairie no times',
      state: 'SD',
      city: 'Sioux Falls',
      zipCode: '57104',
      meetingSchedule: 'Tuesdays at 7',
    })
  ).id;
  id.pending = (
    await insertClub(sql, {
      clubName: 'Prairie pending',
      state: 'SD',
      city: 'Sioux Falls',
      zipCode: '57104',
      isVerified: false,
      meetings: { meetingSlots: [slot('tuesday', '19:00')], meetingFormat: 'in-person' },
    })
  ).id;
  // A page and a bit of Friday afternoon clubs, and as many on Friday evenings that the time of day leaves out.
  for (let i = 0; i < SEARCH_PAGE_SIZE + 2; i++) {
    const base = { state: 'SD', city: 'Sioux Falls', zipCode: '57104', createdAt: at() };
    const afternoon = { meetingSlots: [slot('friday', '14:00')], meetingFormat: 'in-person' as const };
    fridayAfternoon.push((await insertClub(sql, { ...base, clubName: `Prairie Friday ${i}`, meetings: afternoon })).id);
    const evening = { meetingSlots: [slot('friday', '18:30')], meetingFormat: 'in-person' as const };
    await insertClub(sql, { ...base, clubName: `Prairie Friday evening ${i}`, meetings: evening });
  }
});

async function search(query: string) {
  const response = await request(`/api/clubs/search?${query}`);
  expect(response.status, query).toBe(200);
  return {
    clubs: (await response.json()) as PublicClub[],
    link: response.headers.get('link'),
    place: response.headers.get('x-search-place'),
  };
}

const ids = (clubs: PublicClub[]) => clubs.map((club) => club.id);
const idsOf = (...names: Name[]) => names.map((name) => id[name]!);
/** The fixtures' ids among `clubs`, in the answer's order (the Friday clubs left out). */
const fixturesIn = (clubs: PublicClub[]) => ids(clubs).filter((clubId) => Object.values(id).includes(clubId));

/** Whether a club's public JSON meets the filter, judged from its slots and format rather than its bits. */
function meets(club: PublicClub, { day, time, format }: MeetingFilter): boolean {
  const slotFits = club.meetingSlots.some((s) => (!day || s.weekday === day) && (!time || timeOfDayOf(s.start) === time));
  const formatFits = !format || club.meetingFormat === format || club.meetingFormat === 'hybrid';
  return (!day && !time ? true : slotFits) && formatFits;
}

describe('GET /api/clubs/search with meeting filters alone', () => {
  it.each<[string, MeetingFilter, Name[]]>([
    [
      'day=tuesday',
      { day: 'tuesday' },
      ['tuesdayEveningInPerson', 'tuesdayMorningWednesdayEvening', 'tuesdayEveningHybrid', 'tuesdayEveningOnline'],
    ],
    ['time=morning', { time: 'morning' }, ['tuesdayMorningWednesdayEvening', 'saturdayMorningOnline']],
    [
      'format=online',
      { format: 'online' },
      ['tuesdayMorningWednesdayEvening', 'tuesdayEveningHybrid', 'tuesdayEveningOnline', 'saturdayMorningOnline'],
    ],
    ['format=in-person', { format: 'in-person' }, ['tuesdayEveningInPerson', 'tuesdayEveningHybrid', 'thursdayAfternoonInPerson']],
  ])('%s lists the newest verified clubs matching, and only those', async (query, filter, expected) => {
    const { clubs, place } = await search(query);
    expect(clubs.length).toBeGreaterThan(0);
    expect(clubs.filter((club) => !meets(club, filter))).toEqual([]);
    const dates = clubs.map((club) => club.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(place).toBeNull();
    expect(clubs.every((club) => club.distanceMiles === undefined)).toBe(true);
    // Registered just now, the fixtures are the newest; the same filter within South Dakota gives exactly them.
    expect(fixturesIn(clubs).slice(0, expected.length)).toEqual(idsOf(...expected));
    expect(ids((await search(`state=SD&${query}`)).clubs).filter((c) => !fridayAfternoon.includes(c))).toEqual(
      expect.arrayContaining(idsOf(...expected)),
    );
  });

  it('never lists a pending club or one without meeting times', async () => {
    const listed = ids((await search('state=SD&day=tuesday')).clubs);
    expect(listed).not.toContain(id.pending);
    expect(listed).not.toContain(id.withoutTimes);
  });
});

describe('GET /api/clubs/search with filters and a place', () => {
  it('needs one slot on the day at the time of day: Tuesday evening is not Tuesday morning and Wednesday evening', async () => {
    const { clubs } = await search('state=SD&day=tuesday&time=evening');
    expect(ids(clubs)).toEqual(idsOf('tuesdayEveningInPerson', 'tuesdayEveningHybrid', 'tuesdayEveningOnline'));
  });

  it('combines with a state search, newest first', async () => {
    const { clubs } = await search('state=South%20Dakota&time=morning&format=online');
    expect(ids(clubs)).toEqual(idsOf('tuesdayMorningWednesdayEvening', 'saturdayMorningOnline'));
  });

  it('combines with a ZIP code search within the radius, nearest first', async () => {
    const near = await search('state=57104&radius=10&day=tuesday&time=evening');
    expect(ids(near.clubs)).toEqual(idsOf('tuesdayEveningInPerson', 'tuesdayEveningHybrid'));
    expect(near.clubs.map((club) => club.distanceMiles)).toEqual([...near.clubs.map((club) => club.distanceMiles!)].sort((a, b) => a - b));
    const wider = await search('state=57104&radius=100&day=tuesday&time=evening');
    expect(ids(wider.clubs)).toEqual(idsOf('tuesdayEveningInPerson', 'tuesdayEveningHybrid', 'tuesdayEveningOnline'));
    expect(wider.clubs.at(-1)!.distanceMiles).toBeGreaterThan(40);
  });

  it('combines with a city search, naming the place; hybrid counts as online', async () => {
    const { clubs, place } = await search(`state=${encodeURIComponent('Sioux Falls, SD')}&radius=10&format=online`);
    expect(place).toMatch(/Sioux Falls, SD/);
    expect(ids(clubs).sort()).toEqual(idsOf('tuesdayMorningWednesdayEvening', 'tuesdayEveningHybrid').sort());
  });

  it('combines with Near me; hybrid counts as in person too', async () => {
    const brookings = 'lat=44.3056&lng=-96.7914&radius=100';
    expect(ids((await search(`${brookings}&day=tuesday&time=evening&format=online`)).clubs)).toEqual(
      idsOf('tuesdayEveningOnline', 'tuesdayEveningHybrid'),
    );
    const inPerson = await search(`${brookings}&day=tuesday&format=in-person`);
    expect(ids(inPerson.clubs).sort()).toEqual(idsOf('tuesdayEveningInPerson', 'tuesdayEveningHybrid').sort());
  });

  it('pages the filtered results, each club once, the filters kept in the links', async () => {
    const first = await search('state=SD&day=friday&time=afternoon');
    expect(first.clubs.length).toBe(SEARCH_PAGE_SIZE);
    expect(first.link).toBe('</api/clubs/search?state=SD&day=friday&time=afternoon&page=2>; rel="next"');
    const second = await search('state=SD&day=friday&time=afternoon&page=2');
    expect(second.clubs.length).toBe(2);
    expect(second.link).toBe('</api/clubs/search?state=SD&day=friday&time=afternoon&page=1>; rel="prev"');
    expect([...ids(first.clubs), ...ids(second.clubs)]).toEqual(fridayAfternoon);
  });

  it('pages filters alone too', async () => {
    const { clubs, link } = await search('day=friday&time=afternoon');
    expect(clubs.length).toBe(SEARCH_PAGE_SIZE);
    expect(link).toMatch(/^<\/api\/clubs\/search\?day=friday&time=afternoon&page=2>; rel="next"/);
  });
});

describe('GET /api/clubs/nearest with meeting filters', () => {
  it('offers the nearest clubs that meet the filters', async () => {
    const response = await request('/api/clubs/nearest?state=57006&day=tuesday&time=evening&format=in-person');
    expect(response.status).toBe(200);
    const clubs = (await response.json()) as PublicClub[];
    expect(ids(clubs).slice(0, 2)).toEqual(idsOf('tuesdayEveningInPerson', 'tuesdayEveningHybrid'));
    expect(clubs.filter((club) => !meets(club, { day: 'tuesday', time: 'evening', format: 'in-person' }))).toEqual([]);
  });
});

describe('bad filters', () => {
  it.each([
    ['/api/clubs/search?day=tue', 'day', 'Day must be monday, tuesday, wednesday, thursday, friday, saturday or sunday.'],
    ['/api/clubs/search?state=SD&time=night', 'time', 'Time must be morning, afternoon or evening.'],
    ['/api/clubs/search?lat=44&lng=-96&format=zoom', 'format', 'Format must be in-person, online or hybrid.'],
    ['/api/clubs/nearest?state=SD&day=Tuesday', 'day', 'Day must be monday, tuesday, wednesday, thursday, friday, saturday or sunday.'],
    ['/api/clubs/search', 'state', 'Enter a state, city or ZIP code, or choose a day, time of day, format or language, to search.'],
    ['/api/clubs/search?day=', 'day', 'Day must be monday, tuesday, wednesday, thursday, friday, saturday or sunday.'],
    ['/api/clubs/nearest?day=tuesday', 'state', 'Enter a state, city or ZIP code to search.'],
  ])('%s → 400 on %s', async (path, field, message) => {
    const response = await request(path);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string; fieldErrors?: Record<string, string[]> } };
    expect(body.error.message).toBe(message);
    expect(body.error.fieldErrors?.[field]).toEqual([message]);
  });
});
