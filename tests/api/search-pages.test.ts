import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_SEARCH_PAGE, SEARCH_PAGE_SIZE, type PublicClub } from '#lib/directory/types.ts';
import { readZipCodeData } from '#server/places/zip-code-data.ts';
import { request, testSql } from '../support/api.ts';
import { insertClub } from '../support/clubs.ts';
import { haversineMiles } from '../support/geo.ts';

// Montana's clubs are this file's alone: no other test file puts any there, so a Montana search finds exactly these.
// 60 verified clubs (two and a half pages) at Montana's first 60 ZIP codes, plus two that a search must never list.

const ZIPS = await readZipCodeData();
const MONTANA_ZIPS = ZIPS.filter((entry) => entry.state === 'MT')
  .sort((a, b) => a.zip.localeCompare(b.zip))
  .slice(0, 60);
const BILLINGS = '59101';
const billings = ZIPS.find((entry) => entry.zip === BILLINGS)!;
let verified: number[] = [];

beforeAll(async () => {
  const sql = testSql();
  // Three clubs per second of creation time: a state search must still give each club once, in one order.
  const start = Date.now() - 3_600_000;
  verified = [];
  for (const [index, entry] of MONTANA_ZIPS.entries()) {
    const createdAt = new Date(start + Math.floor(index / 3) * 1000);
    verified.push(
      (await insertClub(sql, { clubName: `Big Sky Circle ${index}`, city: entry.city, state: 'MT', zipCode: entry.zip, createdAt })).id,
    );
  }
  await insertClub(sql, { clubName: 'Pending Prairie', city: 'Billings', state: 'MT', zipCode: BILLINGS, isVerified: false });
});

async function page(query: string) {
  const response = await request(`/api/clubs/search?${query}`);
  expect(response.status, query).toBe(200);
  return { clubs: (await response.json()) as PublicClub[], link: response.headers.get('link') };
}

/** Every page of a search, following its Link rel="next" from the first. */
async function allPages(query: string) {
  const pages = [await page(query)];
  for (let next = nextOf(pages[0]!.link); next; next = nextOf(pages.at(-1)!.link)) {
    pages.push(await page(new URL(next, 'http://site').search.slice(1)));
  }
  return pages;
}

const nextOf = (link: string | null) => /<([^>]+)>; rel="next"/.exec(link ?? '')?.[1] ?? null;
const ids = (clubs: PublicClub[]) => clubs.map((club) => club.id);

describe('GET /api/clubs/search a page at a time', () => {
  it('gives a state newest first in pages of 24, each club once, linked next and previous', async () => {
    const pages = await allPages('state=MT');
    expect(pages.map((p) => p.clubs.length)).toEqual([SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE, 60 - 2 * SEARCH_PAGE_SIZE]);
    const listed = pages.flatMap((p) => p.clubs);
    expect(new Set(ids(listed)).size).toBe(60);
    expect(ids(listed).sort((a, b) => a - b)).toEqual([...verified].sort((a, b) => a - b));
    const dates = listed.map((club) => club.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(pages[0]!.link).toBe('</api/clubs/search?state=MT&page=2>; rel="next"');
    expect(pages[1]!.link).toBe('</api/clubs/search?state=MT&page=3>; rel="next", </api/clubs/search?state=MT&page=1>; rel="prev"');
    expect(pages[2]!.link).toBe('</api/clubs/search?state=MT&page=2>; rel="prev"');
  });

  it('continues a ZIP search nearest first across pages, with the radius and the other parameters kept', async () => {
    const pages = await allPages(`state=${BILLINGS}&radius=100`);
    const listed = pages.flatMap((p) => p.clubs);
    const within = verified.filter((_, index) => haversineMiles(billings, MONTANA_ZIPS[index]!) <= 100);
    expect(pages.length).toBe(Math.ceil(within.length / SEARCH_PAGE_SIZE));
    expect(ids(listed).sort((a, b) => a - b)).toEqual(within.sort((a, b) => a - b));
    const distances = listed.map((club) => club.distanceMiles!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(nextOf(pages[0]!.link)).toBe(`/api/clubs/search?state=${BILLINGS}&radius=100&page=2`);
    expect(pages.at(-1)!.link).not.toMatch(/rel="next"/);
  });

  it('answers a page past the last with an empty list and a link back', async () => {
    const { clubs, link } = await page('state=MT&page=9');
    expect(clubs).toEqual([]);
    expect(link).toBe('</api/clubs/search?state=MT&page=8>; rel="prev"');
  });

  it('sends no Link when one page holds everything', async () => {
    const { clubs, link } = await page(`lat=${billings.latitude}&lng=${billings.longitude}&radius=25`);
    expect(clubs.length).toBeGreaterThan(0);
    expect(clubs.length).toBeLessThan(SEARCH_PAGE_SIZE);
    expect(link).toBeNull();
  });

  it.each(['0', '-1', '1.5', '1e2', '0x10', 'two', '', String(MAX_SEARCH_PAGE + 1)])(
    'answers page=%j with 400 and a clear message',
    async (value) => {
      const response = await request(`/api/clubs/search?state=MT&page=${value}`);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { message: string; fields?: Record<string, string> } };
      expect(body.error.message).toBe(`Page must be a whole number from 1 to ${MAX_SEARCH_PAGE}`);
    },
  );
});
