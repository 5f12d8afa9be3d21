import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerOnTestDatabase, testSql } from '../support/api.ts';
import { insertClub } from '../support/clubs.ts';
import type { ServerProcess } from '../support/server-process.ts';

// Host addresses harvested through the sitemap (issue 26, item 8). A server of this file's own with the real limits,
// behind a proxy so that each test names its visitors' addresses (X-Forwarded-For) as the proxy would.
let server: ServerProcess;
beforeAll(async () => {
  server = await startServerOnTestDatabase({ RATE_LIMIT_MULTIPLIER: '1', TRUSTED_PROXIES: '1' });
  for (let i = 0; i < 29; i++) await insertClub(testSql(), { clubName: `Harvest Circle ${i}` });
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, visitor: string) =>
  fetch(new URL(path, server.url), { redirect: 'manual', headers: { 'x-forwarded-for': visitor } });

/** The club ids of the sitemap's pages, as a harvester reads them (each club once, with its Spanish twin). */
async function sitemapClubIds(visitor: string): Promise<number[]> {
  const xml = await (await get('/sitemap-clubs.xml', visitor)).text();
  return [...new Set([...xml.matchAll(/\/flamekeeper-clubs\/(\d+)-/g)].map((match) => Number(match[1])))];
}

/** Asks for the host address of each club, one after the other; returns the addresses given and the other answers. */
async function harvest(ids: number[], visitor: string) {
  const addresses: string[] = [];
  const refused: Response[] = [];
  for (const id of ids) {
    const response = await get(`/api/clubs/${id}/contact-host`, visitor);
    if (response.status === 303) addresses.push(response.headers.get('location')!);
    else refused.push(response);
  }
  return { addresses, refused };
}

/** What a new 10-minute window does: the limit's row for `visitor` is gone; the day's limit stays. */
const tenMinutesLater = (visitor: string) => testSql()`delete from rate_limits where key = ${`club-contact:${visitor}`}`;

describe('host addresses (real limits)', () => {
  it('the review: the sitemap lists 29 clubs, and contact-host gives 10 of them in 10 minutes and 30 in a day', async () => {
    const harvester = '203.0.113.66';
    const ids = await sitemapClubIds(harvester);
    expect(ids).toHaveLength(29);

    const first = await harvest(ids, harvester);
    expect(first.addresses).toHaveLength(10);
    for (const location of first.addresses) expect(location).toMatch(/^mailto:[^?]+@example\.com\?subject=Interest%20in%20/);
    expect(first.refused).toHaveLength(19);
    for (const response of first.refused) {
      expect(response.status).toBe(429);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.json()).toEqual({ error: { message: 'Too many attempts. Please try again later.' } });
    }

    // Each new 10-minute window gives 10 more until the day's 30 are spent; then none, for up to a day.
    const perWindow: number[] = [];
    for (let window = 0; window < 3; window++) {
      await tenMinutesLater(harvester);
      perWindow.push((await harvest(ids.slice(10, 20), harvester)).addresses.length);
    }
    expect(perWindow).toEqual([10, 10, 0]);
    await tenMinutesLater(harvester);
    const refused = await get(`/api/clubs/${ids[0]}/contact-host`, harvester);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(600);
  });

  it("the directory dialog's look-up shares the limits", async () => {
    const visitor = '198.51.100.67';
    const [id] = await sitemapClubIds(visitor);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await get(`/api/clubs/${id}/contact`, visitor)).status);
    for (let i = 0; i < 5; i++) statuses.push((await get(`/api/clubs/${id}/contact-host`, visitor)).status);
    expect(statuses).toEqual([...Array(6).fill(200), ...Array(4).fill(303), 429]);
  });

  it("a person opening a few clubs' host addresses gets every one, whoever else is refused", async () => {
    const person = '192.0.2.68';
    const ids = (await sitemapClubIds(person)).slice(0, 5);
    for (const id of ids) {
      const response = await get(`/api/clubs/${id}/contact-host`, person);
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toMatch(/^mailto:/);
    }
    expect((await get(`/api/clubs/${ids[0]}/contact`, person)).status).toBe(200);
  });
});
