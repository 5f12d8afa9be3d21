import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AreaCardWithDemand } from '#lib/demand/counts.ts';
import { moveDemandWindow, recordAlertWaiting } from '#server/demand/index.ts';
import { asUser, registerHost, request, runJobs, signInAdmin, startServerOnTestDatabase, testSql } from '../support/api.ts';
import { insertClub } from '../support/clubs.ts';
import type { ServerProcess } from '../support/server-process.ts';

// Demand (issue 39, docs/decisions/032): searches that found no club, counted once per client per place per day and
// kept with no personal data; shown rounded down to a multiple of 5 and "fewer than 5" below it. Billings, MT (ZIP
// 59101, Yellowstone County, FIPS 30111) has no club in this file; Portland, OR (97201) gets one.

const DAY_MS = 86_400_000;

// Clients are told apart by their address: a second server behind one trusted proxy takes each request's from
// X-Forwarded-For, as a deployment behind a load balancer does.
let proxied: ServerProcess;
beforeAll(async () => {
  proxied = await startServerOnTestDatabase({ TRUSTED_PROXIES: '1' });
});
afterAll(async () => {
  await proxied?.stop();
});

/** A directory search from the client at `address`. */
async function searchFrom(address: string, query: string): Promise<unknown[]> {
  const response = await fetch(new URL(`/api/clubs/search?${query}`, proxied.url), { headers: { 'x-forwarded-for': address } });
  expect(response.status, query).toBe(200);
  return (await response.json()) as unknown[];
}

/** The exact running counts of an area, as only the database holds them. */
async function exact(kind: 'zip' | 'county' | 'state', code: string) {
  const [row] = await testSql()<{ waiting: number; unmetSearches: number }[]>`
    select waiting, unmet_searches as "unmetSearches" from demand_areas where area_kind = ${kind} and area_code = ${code}`;
  return row ?? { waiting: 0, unmetSearches: 0 };
}

async function areaCard(id: string): Promise<AreaCardWithDemand> {
  const response = await request(`/api/areas/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as AreaCardWithDemand;
}

/** Every count in a JSON answer under a key naming demand, to check that none is exact. */
function demandCounts(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(demandCounts);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => (['waiting', 'unmetSearches'].includes(key) ? [inner] : demandCounts(inner)));
}

describe('unmet searches', () => {
  it('counts a search that found no club once per client per place per day, in its ZIP code, county and state', async () => {
    expect(await searchFrom('203.0.113.10', 'state=59101')).toEqual([]);
    expect(await searchFrom('203.0.113.11', 'state=59101&radius=50')).toEqual([]);
    // The same client again, the same day, by the same ZIP code written otherwise: not counted again.
    await searchFrom('203.0.113.10', 'state=59101');
    await searchFrom('203.0.113.10', 'state=59101-1234');
    expect(await exact('zip', '59101')).toEqual({ waiting: 0, unmetSearches: 2 });
    expect(await exact('county', '30111')).toEqual({ waiting: 0, unmetSearches: 2 });
    expect(await exact('state', 'MT')).toEqual({ waiting: 0, unmetSearches: 2 });

    // The city is another place: counted in its county and state, not in one of its ZIP codes.
    await searchFrom('203.0.113.10', 'state=Billings%2C%20MT');
    await searchFrom('203.0.113.10', 'state=Billings%2C%20MT');
    expect(await exact('zip', '59101')).toEqual({ waiting: 0, unmetSearches: 2 });
    expect(await exact('county', '30111')).toEqual({ waiting: 0, unmetSearches: 3 });
    expect(await exact('state', 'MT')).toEqual({ waiting: 0, unmetSearches: 3 });
  });

  it('does not count a search that found a club, a filtered one, a later page, a state, or a place it does not know', async () => {
    await insertClub(testSql(), { state: 'OR', city: 'Portland', zipCode: '97201' });
    expect((await searchFrom('203.0.113.20', 'state=97201')).length).toBe(1);
    expect(await exact('zip', '97201')).toEqual({ waiting: 0, unmetSearches: 0 });
    expect(await exact('state', 'OR')).toEqual({ waiting: 0, unmetSearches: 0 });

    // Nothing within 10 miles of Bend, OR, but only once the filter, the page or the text say nothing of demand.
    await searchFrom('203.0.113.20', 'state=97701&radius=10&day=tuesday');
    await searchFrom('203.0.113.20', 'state=97701&radius=10&page=2');
    await searchFrom('203.0.113.20', 'state=WY');
    await searchFrom('203.0.113.20', 'state=00000');
    expect(await exact('zip', '97701')).toEqual({ waiting: 0, unmetSearches: 0 });
    expect(await exact('state', 'WY')).toEqual({ waiting: 0, unmetSearches: 0 });
    const [{ areas }] = await testSql()<{ areas: number }[]>`select count(*)::int as areas from demand_areas where area_code = '00000'`;
    expect(areas).toBe(0);
  });

  it('keeps no address and no searched text: only keyed marks of the day, and counts per area', async () => {
    const marks = await testSql()<{ mark: Buffer; day: string }[]>`select mark, day::text from demand_search_marks`;
    expect(marks.length).toBeGreaterThanOrEqual(3);
    for (const { mark } of marks) expect(mark.length).toBe(32);
    const stored = JSON.stringify(
      await testSql()`
        select (select json_agg(a) from demand_areas a) as areas, (select json_agg(d) from demand_days d) as days,
          (select json_agg(encode(mark, 'escape')) from demand_search_marks) as marks`,
    );
    for (const personal of ['203.0.113', '127.0.0.1', 'Billings']) expect(stored).not.toContain(personal);
  });
});

describe('the area card', () => {
  it('shows people waiting and unmet searches rounded down to a multiple of 5, and hides a count below 5', async () => {
    // 2 unmet searches in ZIP 59101 so far: hidden.
    expect((await areaCard('zip-59101')).demand).toEqual({ waiting: null, unmetSearches: null });

    for (let client = 30; client < 37; client += 1) await searchFrom(`203.0.113.${client}`, 'state=59101');
    await recordAlertWaiting(testSql(), '59101', 1);
    for (let alert = 0; alert < 26; alert += 1) await recordAlertWaiting(testSql(), '59101', 1);
    expect(await exact('zip', '59101')).toEqual({ waiting: 27, unmetSearches: 9 });
    expect((await areaCard('zip-59101')).demand).toEqual({ waiting: 25, unmetSearches: 5 });
    expect((await areaCard('county-30111')).demand).toEqual({ waiting: 25, unmetSearches: 10 });
    expect((await areaCard('state-MT')).demand).toEqual({ waiting: 25, unmetSearches: 10 });

    // Alerts ending take people off; never below none.
    await recordAlertWaiting(testSql(), '59101', -24);
    expect((await areaCard('zip-59101')).demand.waiting).toBeNull();
    await recordAlertWaiting(testSql(), '59101', -10);
    expect(await exact('zip', '59101')).toMatchObject({ waiting: 0 });
    await recordAlertWaiting(testSql(), '59101', 5);

    // An area nobody asked about.
    expect((await areaCard('state-WY')).demand).toEqual({ waiting: null, unmetSearches: null });
  });

  it('holds no count that is not a multiple of 5, and none below 5', async () => {
    for (const id of ['zip-59101', 'county-30111', 'state-MT', 'zip-97201']) {
      for (const count of demandCounts(await areaCard(id))) {
        if (count === null) continue;
        expect(typeof count).toBe('number');
        expect((count as number) % 5, id).toBe(0);
        expect(count as number, id).toBeGreaterThanOrEqual(5);
      }
    }
  });
});

/** The rows of /wanted/{state}'s table: each county's name, link and two counts as read. */
function wantedRows(html: string) {
  return [
    ...html.matchAll(
      /<tr[^>]*>\s*<th scope="row"[^>]*>\s*<a[^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>\s*<\/th>\s*<td[^>]*>([^<]+)<\/td>\s*<td[^>]*>([^<]+)<\/td>/g,
    ),
  ].map(([, href, name, waiting, unmetSearches]) => ({ href, name: name!.trim(), waiting, unmetSearches }));
}

describe('/wanted/{state}', () => {
  it("ranks the state's counties by people waiting, then unmet searches, each linking to its area card", async () => {
    for (let client = 40; client < 46; client += 1) await searchFrom(`203.0.113.${client}`, 'state=59801');
    const response = await request('/wanted/mt');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Where clubs are wanted in Montana');
    // Plain HTML: the table needs no island to show.
    expect(html).not.toContain('<astro-island');
    const rows = wantedRows(html);
    expect(rows.length).toBe(56);
    expect(rows.slice(0, 3)).toEqual([
      { href: '/area-search?area=county-30111', name: 'Yellowstone County', waiting: '5', unmetSearches: '10' },
      { href: '/area-search?area=county-30063', name: 'Missoula County', waiting: 'fewer than 5', unmetSearches: '5' },
      { href: '/area-search?area=county-30001', name: 'Beaverhead County', waiting: 'fewer than 5', unmetSearches: 'fewer than 5' },
    ]);
    for (const row of rows) {
      for (const count of [row.waiting, row.unmetSearches]) expect(count === 'fewer than 5' || Number(count) % 5 === 0, count).toBe(true);
    }
  });

  // Issue 43: the page is kept by what it was rendered from (decision 039), so a second request of the same counts is
  // the first's HTML, and a changed count shows at once.
  it('answers the same counts with the same page, and a new count at once', async () => {
    const first = await (await request('/wanted/mt')).text();
    expect(await (await request('/wanted/mt')).text()).toBe(first);
    const before = wantedRows(first).find((row) => row.name === 'Missoula County');
    expect(before).toMatchObject({ waiting: 'fewer than 5' });
    for (let alert = 0; alert < 5; alert += 1) await recordAlertWaiting(testSql(), '59801', 1);
    const after = wantedRows(await (await request('/wanted/mt')).text()).find((row) => row.name === 'Missoula County');
    expect(after).toMatchObject({ waiting: '5' });
    // The tests after this one count Montana's people as they were.
    await recordAlertWaiting(testSql(), '59801', -5);
    expect(await (await request('/wanted/mt')).text()).toBe(first);
  });

  it('has one address per state, in lower case: /wanted/MT redirects there', async () => {
    const response = await request('/wanted/MT');
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe('/wanted/mt');
  });

  it('answers 404 for anything but one of the 50 states', async () => {
    for (const path of ['/wanted/dc', '/wanted/zz', '/wanted/texas', '/wanted/1']) expect((await request(path)).status, path).toBe(404);
  });

  // Issue 42: its Spanish twin (docs/decisions/041), rendered from the same reading and kept by it as the English page is.
  it('has a Spanish twin at /es/wanted/{state}: the same rows in Spanish words, the state named in Spanish', async () => {
    const [english, spanish] = await Promise.all([request('/wanted/nm'), request('/es/wanted/nm')]);
    expect(english.status).toBe(200);
    expect(spanish.status).toBe(200);
    const [englishHtml, spanishHtml] = await Promise.all([english.text(), spanish.text()]);
    expect(spanishHtml).toContain('<html lang="es"');
    expect(spanishHtml).toContain('<title>Dónde se buscan clubes en Nuevo México | FlameKeeper Clubs</title>');
    expect(spanishHtml).toContain('Condados de Nuevo México, de más a menos buscados');
    expect(spanishHtml).toContain('>Personas esperando</th>');
    expect(spanishHtml).not.toContain('<astro-island');
    expect(englishHtml).toContain('<title>Where clubs are wanted in New Mexico | FlameKeeper Clubs</title>');
    for (const html of [englishHtml, spanishHtml]) {
      expect(html).toMatch(/<link rel="alternate" hreflang="en" href="[^"]+\/wanted\/nm">/);
      expect(html).toMatch(/<link rel="alternate" hreflang="es" href="[^"]+\/es\/wanted\/nm">/);
    }
    for (const words of ['menos de 5', 'Dónde se buscan', 'Condado']) expect(englishHtml).not.toContain(words);
    const inSpanish = (count: string) => (count === 'fewer than 5' ? 'menos de 5' : count);
    const rows = wantedRows(englishHtml);
    expect(rows.length).toBe(33);
    expect(wantedRows(spanishHtml)).toEqual(
      rows.map((row) => ({ ...row, waiting: inSpanish(row.waiting!), unmetSearches: inSpanish(row.unmetSearches!) })),
    );
  });

  it('answers the same counts with the same Spanish page, and a new count at once, in either language', async () => {
    const first = await (await request('/es/wanted/mt')).text();
    expect(await (await request('/es/wanted/mt')).text()).toBe(first);
    expect(wantedRows(first).find((row) => row.name === 'Missoula County')).toMatchObject({ waiting: 'menos de 5' });
    for (let alert = 0; alert < 5; alert += 1) await recordAlertWaiting(testSql(), '59801', 1);
    const [english, spanish] = await Promise.all([request('/wanted/mt'), request('/es/wanted/mt')]);
    expect(wantedRows(await english.text()).find((row) => row.name === 'Missoula County')).toMatchObject({ waiting: '5' });
    expect(wantedRows(await spanish.text()).find((row) => row.name === 'Missoula County')).toMatchObject({ waiting: '5' });
    await recordAlertWaiting(testSql(), '59801', -5);
    expect(await (await request('/es/wanted/mt')).text()).toBe(first);
  });

  it('answers the Spanish twin of anything but one of the 50 states as the English page does', async () => {
    const response = await request('/es/wanted/MT');
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe('/es/wanted/mt');
    for (const path of ['/es/wanted/dc', '/es/wanted/zz', '/es/wanted/texas']) {
      const missing = await request(path);
      expect(missing.status, path).toBe(404);
      expect(await missing.text(), path).toContain('<html lang="es"');
    }
  });

  it('is linked from the "Where clubs are wanted" map of /club-registration, before a code is entered', async () => {
    const html = await (await request('/club-registration')).text();
    expect(html).toContain('Where clubs are wanted');
    expect(html).toContain('href="/wanted/mt" aria-label="Montana: 5 people waiting"');
    expect(html).toContain('aria-label="Wyoming: fewer than 5 people waiting"');
    expect(await (await request('/club-registration?code=HOST-AAAA-BBBB')).text()).not.toContain('href="/wanted/mt"');
  });
});

/** A CSV document's rows as objects by its header (every cell is quoted, none holds a comma here). */
function csvRows(csv: string): Record<string, string>[] {
  const [header, ...rows] = csv
    .trim()
    .split('\r\n')
    .map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));
  return rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index]!])));
}

describe('/admin-demand and its CSV', () => {
  it("is the admin's alone: the 404 page signed out, 403 for a host, and the export 401 and 403", async () => {
    const host = await registerHost();
    expect((await request('/admin-demand')).status).toBe(404);
    const denied = await request('/admin-demand', { headers: asUser(host.token) });
    expect(denied.status).toBe(403);
    expect(await denied.text()).not.toContain('Yellowstone');
    expect((await request('/api/admin/export/demand.csv')).status).toBe(401);
    expect((await request('/api/admin/export/demand.csv', { headers: asUser(host.token) })).status).toBe(403);
  });

  it('lists states and counties with exact counts beside listed clubs, guides and licence availability, sortable', async () => {
    const admin = asUser(await signInAdmin());
    const html = await (await request('/admin-demand', { headers: admin })).text();
    expect(html).toContain('Counties with people waiting or unmet searches');
    expect(html).toContain('href="/area-search?area=county-30111">Yellowstone County, MT</a>');
    expect(html).toContain('href="/admin-demand?state=MT&amp;sort=waiting">Montana</a>');

    const oregon = await (await request('/admin-demand?state=or&sort=listedClubs', { headers: admin })).text();
    expect(oregon).toContain('Counties of Oregon');
    const firstCounty = /data-testid="admin-demand-counties"[\s\S]*?<tbody>[\s\S]*?<a[^>]*>([^<]+)<\/a>/.exec(oregon)![1];
    expect(firstCounty).toBe('Multnomah County, OR');

    const response = await request('/api/admin/export/demand.csv?sort=unmetSearches', { headers: admin });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const csv = await response.text();
    const rows = csvRows(csv);
    expect(Object.keys(rows[0]!)).toEqual([
      'level',
      'code',
      'name',
      'state',
      'population',
      'people_waiting',
      'unmet_searches_90_days',
      'listed_clubs',
      'listed_guides',
      'exclusive_available',
      'shared_available',
    ]);
    expect(rows.filter((row) => row.level === 'state').length).toBe(50);
    expect(rows.find((row) => row.level === 'state' && row.code === 'MT')).toMatchObject({
      people_waiting: '5',
      unmet_searches_90_days: '16',
    });
    expect(rows.find((row) => row.level === 'state' && row.code === 'OR')).toMatchObject({
      listed_clubs: '1',
      exclusive_available: 'true',
    });
    // Exact for the admin: Missoula County's 6 searches are not rounded.
    const counties = rows.filter((row) => row.level === 'county');
    expect(counties.map((row) => row.name)).toEqual(['Yellowstone County', 'Missoula County']);
    expect(counties[1]).toMatchObject({ code: '30063', people_waiting: '0', unmet_searches_90_days: '6', listed_clubs: '0' });
    for (const personal of ['203.0.113', '127.0.0.1', 'Billings', '@']) expect(csv).not.toContain(personal);

    const refused = await request('/api/admin/export/demand.csv?sort=email', { headers: admin });
    expect(refused.status).toBe(400);
  });
});

describe('the 90-day window', () => {
  it('takes a day off the counts once it is 90 days old, and deletes the keyed marks once their day is over', async () => {
    const before = await exact('county', '30111');
    expect(before.unmetSearches).toBe(10);
    const now = new Date();
    // The next day: the searches are still in the window, but the marks and the day's key are gone.
    await moveDemandWindow(testSql(), new Date(now.getTime() + DAY_MS), 90);
    expect(await exact('county', '30111')).toEqual(before);
    const [left] = await testSql()<{ marks: number; keys: number }[]>`
      select (select count(*)::int from demand_search_marks) as marks, (select count(*)::int from demand_day_keys) as keys`;
    expect(left).toEqual({ marks: 0, keys: 0 });

    // 90 days on, today is out of the window: its searches no longer count; people waiting stay. The worker's job, as
    // `npm run jobs:run` runs it.
    const stdout = await runJobs('--now', new Date(now.getTime() + 90 * DAY_MS).toISOString(), '--job', 'demand-window');
    expect(stdout).toMatch(/demand-window: [1-9]\d* area-days left the window, 0 marks deleted/);
    expect(await exact('county', '30111')).toEqual({ waiting: before.waiting, unmetSearches: 0 });
    expect(await exact('zip', '59101')).toEqual({ waiting: 5, unmetSearches: 0 });
    const [{ days }] = await testSql()<{ days: number }[]>`select count(*)::int as days from demand_days`;
    expect(days).toBe(0);
  });
});
