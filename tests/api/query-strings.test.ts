import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SINGLE_LINE_MESSAGE } from '#lib/schemas/text.ts';
import { asUser, request, signInAdmin, testSql } from '../support/api.ts';
import { insertClub } from '../support/clubs.ts';
import { handlersIn, routeFiles } from '../support/routes.ts';

// Issue 26, item 5: a NUL byte in a query string (`/api/areas/suggest?q=%00`) reached PostgreSQL, which cannot hold
// U+0000 in text, and came back as a 500. Query strings are now checked as JSON bodies are. The GET routes, the
// query parameters each reads and the pages that read a query are all found in their files, so a new one is walked
// too.

const NUL_MESSAGE = 'Text cannot contain NUL characters.';

/** An example of each GET route with path parameters, with values that exist (`{clubId}` is the fixture's club). */
const PATH_EXAMPLES: Record<string, string> = {
  '/api/admin/clubs/[id]/audit': '/api/admin/clubs/{clubId}/audit',
  '/api/areas/[id]': '/api/areas/state-TX',
  '/api/areas/[id]/map.svg': '/api/areas/state-TX/map.svg',
  '/api/clubs/[id]': '/api/clubs/{clubId}',
  '/api/clubs/[id]/calendar.ics': '/api/clubs/{clubId}/calendar.ics',
  '/api/clubs/[id]/contact': '/api/clubs/{clubId}/contact',
  '/api/clubs/[id]/contact-host': '/api/clubs/{clubId}/contact-host',
  '/api/clubs/[id]/guides': '/api/clubs/{clubId}/guides',
  '/api/clubs/[id]/join-requests': '/api/clubs/{clubId}/join-requests',
  '/api/clubs/[id]/join-requests/options': '/api/clubs/{clubId}/join-requests/options',
  '/api/clubs/[id]/members': '/api/clubs/{clubId}/members',
  '/api/clubs/[id]/response-time': '/api/clubs/{clubId}/response-time',
  '/api/clubs/[id]/session-changes': '/api/clubs/{clubId}/session-changes',
  '/api/clubs/[id]/sessions': '/api/clubs/{clubId}/sessions',
  '/api/guides/[id]/photo': '/api/guides/1/photo',
  '/api/zip-codes/[zip]/time-zone': '/api/zip-codes/78704/time-zone',
};

/** The keys of a query schema: an object, maybe behind transforms (`.transform()` makes a pipe from the object). */
function queryKeys(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return queryKeys(schema.in as z.ZodType);
  throw new Error('a query schema is an object');
}

/** The query parameters a route file reads: the keys of each schema it hands to parseQuery, imported as it imports it. */
async function queryParametersOf(source: string): Promise<string[]> {
  const keys: string[] = [];
  for (const [, name] of source.matchAll(/parseQuery\(\s*url\s*,\s*(\w+)\s*\)/g)) {
    const from = new RegExp(`import\\s*\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from\\s*'([^']+)'`).exec(source);
    if (!from) throw new Error(`${name} is not imported by name`);
    keys.push(...queryKeys(((await import(from[1]!)) as Record<string, z.ZodType>)[name!]!));
  }
  return [...new Set(keys)].sort();
}

/** Reading the query by hand, past parseQuery: `url.searchParams.get(…)`, `url.search`. */
const READS_QUERY_BY_HAND = /searchParams\.(get|getAll|has|entries|keys|values|forEach)\b|\burl\.search\b/;

interface GetRoute {
  route: string;
  source: string;
  query: string[];
}

const getRoutes: GetRoute[] = await Promise.all(
  routeFiles()
    .map(({ file, route }) => ({ route, source: fs.readFileSync(file, 'utf8') }))
    .filter(({ source }) => handlersIn(source).some((method) => method === 'GET' || method === 'ALL'))
    .map(async ({ route, source }) => ({ route, source, query: await queryParametersOf(source) })),
);

/** The on-demand pages that read their URL's query. */
const queryPages = fs
  .readdirSync(path.resolve('src/pages'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.astro') && fs.readFileSync(path.resolve('src/pages', file), 'utf8').includes('Astro.url.searchParams'))
  .map((file) => ({ file, source: fs.readFileSync(path.resolve('src/pages', file), 'utf8') }));

let adminToken: string;
let clubId: number;

beforeAll(async () => {
  adminToken = await signInAdmin();
  clubId = (
    await insertClub(testSql(), {
      meetings: { meetingSlots: [{ weekday: 'tuesday', start: '19:00', durationMinutes: 90 }], meetingFormat: 'in-person' },
    })
  ).id;
});

const asAdmin = (url: string) => request(url, { headers: asUser(adminToken) });
const examplePath = (route: string) => (PATH_EXAMPLES[route] ?? route).replace('{clubId}', String(clubId));

describe('the GET routes, found in src/pages/api', () => {
  it('are all found, each with an example of its path parameters, and read queries only through parseQuery', () => {
    const routes = getRoutes.map(({ route }) => route);
    expect(routes).toContain('/api/areas/suggest');
    expect(routes).toContain('/api/admin/export/licences.csv');
    expect(routes.filter((route) => route.includes('[')).sort()).toEqual(Object.keys(PATH_EXAMPLES).sort());
    for (const { route, source } of getRoutes) expect(source, route).not.toMatch(READS_QUERY_BY_HAND);
    expect(getRoutes.find(({ route }) => route === '/api/admin/licences')!.query).toEqual([
      'areaKind',
      'kind',
      'page',
      'q',
      'state',
      'status',
    ]);
  });

  it('refuse a NUL byte in each query parameter they read with 400 and the parameter’s message', async () => {
    const refused: string[] = [];
    for (const { route, query } of getRoutes) {
      for (const key of query) {
        const url = `${examplePath(route)}?${key}=a%00b`;
        const response = await asAdmin(url);
        const body = (await response.json()) as { error?: { message: string; fieldErrors?: Record<string, string[]> } };
        expect(response.status, url).toBe(400);
        expect(body.error, url).toEqual({ message: NUL_MESSAGE, fieldErrors: { [key]: [NUL_MESSAGE] } });
        refused.push(`${route}?${key}`);
      }
    }
    expect(refused).toEqual(expect.arrayContaining(['/api/areas/suggest?q', '/api/admin/licences?q', '/api/admin/export/licences.csv?q']));
  });

  it('never answer a NUL byte in the query, in a path parameter, or in a parameter they do not read with a 5xx', async () => {
    for (const { route, query } of getRoutes) {
      const urls = [
        `${examplePath(route)}?${[...query, 'unread'].map((key) => `${key}=%00`).join('&')}`,
        `${examplePath(route)}?%00=%00`,
        ...(route.includes('[') ? [route.replace(/\[[^\]]+\]/g, '%00'), route.replace(/\[[^\]]+\]/g, 'a%00b')] : []),
      ];
      for (const url of urls) {
        const response = await asAdmin(url);
        await response.arrayBuffer();
        expect(response.status, url).toBeLessThan(500);
      }
    }
  });
});

describe('the review’s requests (issue 26, item 5)', () => {
  it.each(['/api/areas/suggest?q=%00', '/api/admin/licences?q=%00', '/api/admin/export/licences.csv?q=%00'])('%s is a 400', async (url) => {
    const response = await asAdmin(url);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { fieldErrors: Record<string, string[]> } }).error.fieldErrors).toEqual({
      q: [NUL_MESSAGE],
    });
  });

  it('refuses a line break or another control character in a search with 400 and the single-line message', async () => {
    for (const url of ['/api/areas/suggest?q=Travis%0ACounty', '/api/admin/licences?q=a%09b', '/api/clubs/search?state=Austin%0D%0A%1B']) {
      const response = await asAdmin(url);
      expect(response.status, url).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message, url).toBe(SINGLE_LINE_MESSAGE);
    }
  });

  it('still answers the same searches without the NUL byte', async () => {
    expect((await asAdmin('/api/areas/suggest?q=Travis')).status).toBe(200);
    expect((await asAdmin('/api/admin/licences?q=TX')).status).toBe(200);
    expect((await asAdmin('/api/admin/export/licences.csv?q=TX')).status).toBe(200);
  });
});

describe('the pages that read a query, found in src/pages', () => {
  it('never answer a NUL byte or a control character in any parameter with a 5xx', async () => {
    expect(queryPages.map(({ file }) => file)).toContain('admin-licences.astro');
    const apiKeys = getRoutes.flatMap(({ query }) => query);
    for (const { file, source } of queryPages) {
      const ownKeys = [...source.matchAll(/searchParams\.get\('(\w+)'\)/g)].map((match) => match[1]!);
      const route = `/${file.replace(/\.astro$/, '').replace(/(^|\/)index$/, '')}`;
      for (const value of ['%00', 'a%0Ab', '%1B']) {
        const url = `${route}?${[...new Set([...ownKeys, ...apiKeys])].map((key) => `${key}=${value}`).join('&')}`;
        const response = await asAdmin(url);
        await response.arrayBuffer();
        expect(response.status, url).toBeLessThan(500);
      }
    }
  });

  it('opens /admin-licences without a search that holds a NUL byte', async () => {
    const response = await asAdmin('/admin-licences?q=%00&status=active');
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain('\u0000');
  });
});
