import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_SEARCH_LENGTH, SEARCH_PAGE_SIZE, type PublicClub } from '#lib/directory/types.ts';
import { request, testSql } from '../support/api.ts';
import { insertClub } from '../support/clubs.ts';

const PUBLIC_FIELDS = [
  'city',
  'clubName',
  'confirmedAt',
  'createdAt',
  'cycleStart',
  'description',
  'hostName',
  'id',
  'isVerified',
  'meetingFormat',
  'meetingFrequency',
  'meetingLanguage',
  'meetingSchedule',
  'meetingSlots',
  'memberCount',
  'nextSession',
  'state',
  'timeZone',
  'venueAddress',
  'venueName',
  'venuePrivate',
  'website',
  'zipCode',
];

async function search(state: string) {
  return request(`/api/clubs/search?state=${encodeURIComponent(state)}`);
}

let verifiedVermont: { id: number; email: string };
let pendingVermont: { id: number };

beforeAll(async () => {
  const sql = testSql();
  // Vermont is used by no other test, so the search results here are exactly these clubs.
  verifiedVermont = await insertClub(sql, { state: 'VT', clubName: 'Lake Champlain Lamplight', website: 'https://lamplight.example.org' });
  await insertClub(sql, { state: 'VT', clubName: 'Green Mountain Hearth', createdAt: new Date(Date.now() - 86_400_000) });
  pendingVermont = await insertClub(sql, { state: 'VT', clubName: 'Pending Pines', isVerified: false });
});

describe('GET /api/clubs', () => {
  it('lists only verified clubs, newest first, with public fields only', async () => {
    const response = await request('/api/clubs');
    expect(response.status).toBe(200);
    const clubs = (await response.json()) as PublicClub[];
    expect(clubs.length).toBeGreaterThan(0);
    expect(clubs.every((c) => c.isVerified)).toBe(true);
    expect(clubs.map((c) => c.id)).not.toContain(pendingVermont.id);
    const times = clubs.map((c) => Date.parse(c.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const club of clubs) expect(Object.keys(club).sort()).toEqual(PUBLIC_FIELDS);
    expect(JSON.stringify(clubs)).not.toContain(verifiedVermont.email);
  });

  // Issue 30: the first 24 were the only ones the list could show.
  it('gives its clubs a page of 24 at a time, linking the next page while more follow, so every listed club is reachable', async () => {
    const sql = testSql();
    const listedCount = async () =>
      (await sql<{ count: number }[]>`select count(*)::int as count from clubs where is_verified and inactive_since is null`)[0]!.count;
    for (let i = await listedCount(); i < SEARCH_PAGE_SIZE + 3; i++) await insertClub(sql, { state: 'WY', clubName: `Paging Circle ${i}` });
    const total = await listedCount();
    expect(total).toBeLessThanOrEqual(2 * SEARCH_PAGE_SIZE);
    const first = await request('/api/clubs');
    expect(((await first.json()) as PublicClub[]).length).toBe(SEARCH_PAGE_SIZE);
    expect(first.headers.get('link')).toBe('</api/clubs?page=2>; rel="next"');
    const second = await request('/api/clubs?page=2');
    const rest = (await second.json()) as PublicClub[];
    expect(rest.length).toBe(total - SEARCH_PAGE_SIZE);
    expect(second.headers.get('link')).toContain('</api/clubs?page=1>; rel="prev"');
    const all = [...((await (await request('/api/clubs')).json()) as PublicClub[]), ...rest];
    expect(new Set(all.map((club) => club.id)).size).toBe(total);
    expect((await request('/api/clubs?page=0')).status).toBe(400);
  });
});

describe('GET /api/clubs/search', () => {
  it('finds the same verified clubs for every spelling of a state', async () => {
    const spellings = ['Vermont', 'vermont', ' VERMONT ', 'VT', 'vt', '  Vt\t'];
    const answers = await Promise.all(
      spellings.map(async (s) => ((await (await search(s)).json()) as PublicClub[]).map((c) => c.clubName)),
    );
    expect(answers[0]).toEqual(['Lake Champlain Lamplight', 'Green Mountain Hearth']);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  it('finds states whose names have two words', async () => {
    const { id } = await insertClub(testSql(), { state: 'NH', clubName: 'Granite State Glow' });
    const clubs = (await (await search('new  hampshire')).json()) as PublicClub[];
    expect(clubs.map((c) => c.id)).toEqual([id]);
  });

  it('never shows a pending club, nor any private field', async () => {
    const clubs = (await (await search('VT')).json()) as PublicClub[];
    expect(clubs.map((c) => c.id)).not.toContain(pendingVermont.id);
    for (const club of clubs) expect(Object.keys(club).sort()).toEqual(PUBLIC_FIELDS);
  });

  it.each(['Atlantis', 'DC', "CA' OR '1'='1", "'; drop table clubs; --", '%', '_', 'C%', '\\', '🔥', 'California, CA'])(
    'answers %j with an empty list',
    async (text) => {
      const response = await search(text);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([]);
    },
  );

  it.each([
    ['a blank value', '   '],
    ['an empty value', ''],
    ['a 5,000-character value', 'x'.repeat(5000)],
    ['a value one over the limit', 'x'.repeat(MAX_SEARCH_LENGTH + 1)],
  ])('answers %s with 400 and a clear message', async (_, text) => {
    const response = await search(text);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/state|characters/);
  });

  it('answers a missing parameter with 400', async () => {
    expect((await request('/api/clubs/search')).status).toBe(400);
  });

  it('is not fooled by a repeated parameter or odd encodings', async () => {
    expect((await request('/api/clubs/search?state=VT&state=CA')).status).toBe(200);
    // A NUL byte is refused as in JSON bodies (issue 26, finding 5).
    expect((await request('/api/clubs/search?state=%00')).status).toBe(400);
    expect((await request('/api/clubs/search?state=%E0%A4%A')).status).toBeLessThan(500);
  });
});

describe('GET /api/clubs/{id}/contact', () => {
  it("gives one verified club and its host's address", async () => {
    const response = await request(`/api/clubs/${verifiedVermont.id}/contact`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { club: PublicClub; email: string };
    expect(body.email).toBe(verifiedVermont.email);
    expect(body.club.clubName).toBe('Lake Champlain Lamplight');
  });

  it('answers 404 for a pending club, an unknown id and a malformed id', async () => {
    for (const id of [String(pendingVermont.id), '99999999', 'abc', '-1', '1.5', '0', '99999999999999999999']) {
      expect((await request(`/api/clubs/${id}/contact`)).status, id).toBe(404);
    }
  });
});

describe('HEAD on the directory reads', () => {
  it('answers HEAD with the status and headers GET gets', async () => {
    for (const path of ['/api/clubs', '/api/clubs/search?state=VT', '/api/clubs/search?state=', '/api/clubs/nearest?state=VT']) {
      const [get, head] = await Promise.all([request(path), request(path, { method: 'HEAD' })]);
      expect(head.status, path).toBe(get.status);
      for (const name of [
        'content-type',
        'cache-control',
        'x-search-place',
        'x-search-message',
        'x-content-type-options',
        'content-security-policy',
      ]) {
        expect(head.headers.get(name), `${path} ${name}`).toBe(get.headers.get(name));
      }
    }
  });
});
