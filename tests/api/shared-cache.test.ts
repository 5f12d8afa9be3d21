import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { asUser, registerHost, request, testSql } from '../support/api.ts';
import { insertClub } from '../support/clubs.ts';

// Responses a shared cache may keep (issue 26, item 9): a club page, the area suggestions, a calendar feed… carried a
// Set-Cookie clearing a stale session cookie, which a cache in front would replay to every visitor after, signing them
// all out. A response never carries both.

const isSharedCacheable = (response: Response) => /(^|,)\s*(public|s-maxage=)/i.test(response.headers.get('cache-control') ?? '');

/** A session cookie the server no longer knows (long ended), with the signed-in hint beside it, as a browser keeps them. */
const staleCookie = { cookie: 'fk_session=ended-long-ago-0000000000000000000000000; fk_signed_in=1' };

let publicPaths: string[];
let expiredToken: string;
beforeAll(async () => {
  const inserted = await insertClub(testSql(), {
    clubName: 'Cache Lantern Circle',
    city: 'Asheville',
    state: 'NC',
    zipCode: '28801',
    meetings: { meetingSlots: [{ weekday: 'tuesday', start: '19:00', durationMinutes: 90 }], timeZone: 'America/New_York' },
  });
  const club = { id: inserted.id, clubName: 'Cache Lantern Circle' };
  publicPaths = [
    clubPagePath(club),
    `${clubPagePath(club)}/preview.png`,
    `/api/clubs/${club.id}/calendar.ics`,
    `/api/clubs/${club.id}/calendar.ics?download=1`,
    '/api/areas/suggest?q=Ashev',
    '/api/guides/names?q=ma',
    '/api/zip-codes/28801/time-zone',
    '/api/population-tiers',
    '/sitemap-clubs.xml',
    '/sitemap-guides.xml',
    '/guides',
    '/guides?place=28801',
    '/api/guides?place=Asheville%2C%20NC',
    `/api/clubs/${club.id}/guides`,
  ];
  // A real session that has ended: signed in 31 days ago.
  const host = await registerHost();
  expiredToken = host.token;
  const id = createHash('sha256').update(expiredToken).digest('hex');
  await testSql()`update user_sessions set created_at = now() - interval '31 days' where id = ${id}`;
});

describe('a response a shared cache may keep', () => {
  it('the review: each public route, asked with a stale session cookie, is public and sets no cookie', async () => {
    for (const path of publicPaths) {
      const response = await request(path, { headers: staleCookie });
      expect(response.status, path).toBe(200);
      expect(isSharedCacheable(response), path).toBe(true);
      expect(response.headers.getSetCookie(), path).toEqual([]);
    }
  });

  it('sets no cookie for a session that has ended either, nor for a live one', async () => {
    const live = (await registerHost()).token;
    for (const token of [expiredToken, live]) {
      for (const path of publicPaths) {
        const response = await request(path, { headers: asUser(token) });
        expect(isSharedCacheable(response), path).toBe(true);
        expect(response.headers.getSetCookie(), path).toEqual([]);
      }
    }
  });

  it('leaves the stale cookie to the next personal response, which clears it', async () => {
    for (const path of ['/api/auth/user', '/club-registration', '/api/clubs/2000000000']) {
      const response = await request(path, { headers: staleCookie });
      expect(isSharedCacheable(response), path).toBe(false);
      const cleared = response.headers.getSetCookie();
      expect(
        cleared.find((cookie) => cookie.startsWith('fk_session=')),
        path,
      ).toMatch(/expires=Thu, 01 Jan 1970|max-age=0/i);
      expect(
        cleared.find((cookie) => cookie.startsWith('fk_signed_in=')),
        path,
      ).toMatch(/expires=Thu, 01 Jan 1970|max-age=0/i);
    }
  });
});
