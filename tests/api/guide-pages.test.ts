import { beforeAll, describe, expect, it } from 'vitest';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { guidePagePath, type FoundGuides, type GuideCard, type PlaceSuggestions } from '#lib/guides/types.ts';
import { asUser, request, signInAdmin, testSql } from '../support/api.ts';
import { insertClub } from '../support/clubs.ts';
import { adminAction, registerGuide, reserveOk } from '../support/licensing.ts';
import { misplacedIslandStyles } from '../support/island-style.ts';

// The public reads of guides (issue 27): who is listed, which guides cover a place, the guide's page and the sitemap.

let admin: string;
beforeAll(async () => {
  admin = await signInAdmin();
});

interface TestGuide {
  email: string;
  token: string;
  userId: string;
  id: number;
  name: string;
  path: string;
  licenceId: number;
}

/** A guide with a reservation on `areaId`, certified and paid unless told otherwise: listed when both are. */
async function makeGuide(
  name: string,
  areaId: string,
  kind: 'shared' | 'exclusive',
  { certify = true, pay = true } = {},
): Promise<TestGuide> {
  const { email, token } = await registerGuide({ name });
  const reservation = await reserveOk(token, areaId, kind);
  const [row] = await testSql()<{ userId: string; id: number }[]>`
    select g.user_id as "userId", g.public_id as id from guides g join users u on u.id = g.user_id where u.email = ${email}`;
  const guide = { email, token, ...row!, name, path: guidePagePath({ id: row!.id, name }), licenceId: reservation.licence.id };
  if (certify) await certifyGuide(guide, '2026-03-14');
  if (pay) await adminAction(admin, guide.licenceId, 'mark-paid');
  return guide;
}

async function certifyGuide(guide: { userId: string }, certifiedOn: string) {
  const response = await request(`/api/admin/guides/${guide.userId}/certification`, {
    method: 'PUT',
    json: { certifiedOn },
    headers: asUser(admin),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function find(place: string): Promise<FoundGuides> {
  const response = await request(`/api/guides?place=${encodeURIComponent(place)}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as FoundGuides;
}

const names = (found: Pick<FoundGuides, 'guides'>) => found.guides.map((guide) => guide.name);

/** A census ZIP code with people in `state`, and its county, skipping `offset` of them. */
async function zipIn(state: string, offset = 0): Promise<{ zip: string; county: string; countyName: string }> {
  const [row] = await testSql()<{ zip: string; county: string; countyName: string }[]>`
    select z.zcta as zip, z.county_fips as county, c.name as "countyName"
    from census_zctas z join census_counties c on c.county_fips = z.county_fips
    where z.state_code = ${state} and z.population > 1000
    order by z.county_fips, z.zcta
    offset ${offset} limit 1`;
  return row!;
}

async function listed(guide: TestGuide, place: string): Promise<{ page: number; found: boolean }> {
  const page = (await request(guide.path)).status;
  return { page, found: names(await find(place)).includes(guide.name) };
}

describe('who is listed', () => {
  it('lists a certified guide while a licence is active or in grace, and no longer once hidden, lapsed or revoked', async () => {
    const { zip } = await zipIn('VT');
    const guide = await makeGuide('Vera Listing', `zip-${zip}`, 'shared', { certify: false, pay: false });
    expect(await listed(guide, zip)).toEqual({ page: 404, found: false });

    await certifyGuide(guide, '2026-03-14');
    // Reserved only: the area is held, but nobody is listed until it is paid.
    expect(await listed(guide, zip)).toEqual({ page: 404, found: false });

    await adminAction(admin, guide.licenceId, 'mark-paid');
    expect(await listed(guide, zip)).toEqual({ page: 200, found: true });

    const sql = testSql();
    await sql`update licences set status = 'grace' where id = ${guide.licenceId}`;
    expect(await listed(guide, zip)).toEqual({ page: 200, found: true });
    await sql`update licences set status = 'active' where id = ${guide.licenceId}`;

    await sql`update guides set profile_hidden = true where user_id = ${guide.userId}`;
    expect(await listed(guide, zip)).toEqual({ page: 404, found: false });
    await sql`update guides set profile_hidden = false where user_id = ${guide.userId}`;

    await sql`update guides set admin_hidden_at = now(), admin_hidden_reason = 'A test' where user_id = ${guide.userId}`;
    expect(await listed(guide, zip)).toEqual({ page: 404, found: false });
    await sql`update guides set admin_hidden_at = null, admin_hidden_reason = null where user_id = ${guide.userId}`;
    expect(await listed(guide, zip)).toEqual({ page: 200, found: true });

    await adminAction(admin, guide.licenceId, 'revoke');
    expect(await listed(guide, zip)).toEqual({ page: 404, found: false });
    expect(await (await request('/sitemap-guides.xml')).text()).not.toContain(guide.path);
  });

  it('does not list a paid guide the admin has not certified', async () => {
    const { zip } = await zipIn('VT', 40);
    const guide = await makeGuide('Uma Uncertified', `zip-${zip}`, 'shared', { certify: false });
    expect(await listed(guide, zip)).toEqual({ page: 404, found: false });
  });
});

describe('the guides covering a place', () => {
  it('finds a county’s exclusive holder from a ZIP code in it and from the county’s name', async () => {
    const { zip, county, countyName } = await zipIn('OR');
    const guide = await makeGuide('Oren County', `county-${county}`, 'exclusive');
    const byZip = await find(zip);
    expect(byZip.guides).toEqual([
      expect.objectContaining({
        name: 'Oren County',
        path: guide.path,
        area: expect.objectContaining({ id: `county-${county}`, label: `${countyName}, OR`, licenceKind: 'exclusive' }),
      }),
    ]);
    expect(byZip.reserveArea).toBeNull();
    expect(names(await find(`${countyName}, OR`))).toEqual(['Oren County']);
    expect(names(await find(`${countyName.toLowerCase()} or`))).toEqual(['Oren County']);
    // The state holds the county, not the county the state: a search for Oregon names the county's guide under the county.
    expect(await find('Oregon')).toMatchObject({
      guides: [],
      counties: [{ countyFips: county, label: `${countyName}, OR`, guides: [expect.objectContaining({ name: 'Oren County' })] }],
      reserveArea: null,
    });
  });

  it('finds a state’s holders from a ZIP code, a county and the state, with the ZIP code’s own', async () => {
    const { zip, countyName } = await zipIn('NM');
    await makeGuide('Nora State', 'state-NM', 'shared');
    await makeGuide('Abe Zip', `zip-${zip}`, 'shared');
    const byZip = await find(zip);
    expect(names(byZip)).toEqual(['Abe Zip', 'Nora State']);
    expect(byZip.guides.map((guide) => guide.area.label)).toEqual([expect.stringMatching(new RegExp(`^${zip} · .+, NM$`)), 'New Mexico']);
    expect(names(await find(`${countyName} NM`))).toEqual(['Nora State', 'Abe Zip']);
    const byState = await find('NM');
    expect(names(byState)).toEqual(['Nora State']);
    expect(byState.counties.map((county) => [county.label, names(county)])).toEqual([[`${countyName}, NM`, ['Abe Zip']]]);
  });

  it('finds a city’s guides on its ZIP codes, the exclusive holder before the shared ones', async () => {
    const sql = testSql();
    const [city] = await sql<{ city: string; zips: string[] }[]>`
      select p.city, array_agg(p.zip order by p.zip) as zips
      from zip_codes p join census_zctas z on z.zcta = p.zip
      where p.state = 'ID' and z.population > 1000
      group by p.city having count(*) >= 2
      order by count(*) desc, p.city limit 1`;
    const [first, second] = city!.zips;
    await makeGuide('Zora Exclusive', `zip-${first}`, 'exclusive');
    await makeGuide('Alma Shared', `zip-${second}`, 'shared');
    for (const text of [`${city!.city}, ID`, `${city!.city.toUpperCase()} ID`, `${city!.city}, Idaho`]) {
      const found = await find(text);
      expect(found.place).toBe(`${city!.city}, ID`);
      expect(names(found)).toEqual(['Zora Exclusive', 'Alma Shared']);
    }
    expect(names(await find(first!))).toEqual(['Zora Exclusive']);
  });

  it('lists a state’s county and ZIP code holders by county, and a county’s ZIP code holders, offering no reserve', async () => {
    const sql = testSql();
    const zipsOf = async (county: string) =>
      (
        await sql<{ zip: string }[]>`
          select zcta as zip from census_zctas where county_fips = ${county} and population > 1000 order by zcta limit 2`
      ).map(({ zip }) => zip);
    const [losAngeles] = await zipsOf('06037');
    const [orangeFirst, orangeSecond] = await zipsOf('06059');
    const lena = await makeGuide('Lena County', 'county-06037', 'shared');
    await makeGuide('Zed Zip', `zip-${losAngeles}`, 'shared');
    await makeGuide('Orla Zip', `zip-${orangeSecond}`, 'shared');
    // A guide holding two areas is named once for each.
    const second = await reserveOk(lena.token, `zip-${orangeFirst}`, 'shared');
    await adminAction(admin, second.licence.id, 'mark-paid');

    const found = await find('California');
    expect(found.guides).toEqual([]);
    expect(found.reserveArea).toBeNull();
    expect(found.counties.map((county) => [county.label, county.guides.map((guide) => [guide.name, guide.area.id])])).toEqual([
      [
        'Los Angeles County, CA',
        [
          ['Lena County', 'county-06037'],
          ['Zed Zip', `zip-${losAngeles}`],
        ],
      ],
      [
        'Orange County, CA',
        [
          ['Lena County', `zip-${orangeFirst}`],
          ['Orla Zip', `zip-${orangeSecond}`],
        ],
      ],
    ]);
    const page = await (await request('/guides?place=California')).text();
    expect(page).toMatch(/<h3[^>]*>\s*Los Angeles County, CA\s*<\/h3>[\s\S]*<h3[^>]*>\s*Orange County, CA\s*<\/h3>/);
    expect(page).toContain(`href="${lena.path}"`);
    expect(page).not.toContain('No guide holds California yet');
    expect(page).not.toContain('/area-search');

    const county = await find('Los Angeles County, CA');
    expect(county.guides.map((guide) => [guide.name, guide.area.id])).toEqual([
      ['Lena County', 'county-06037'],
      ['Zed Zip', `zip-${losAngeles}`],
    ]);
    expect(county.counties).toEqual([]);
  });

  it('offers no reserve for an area a reservation holds, though nobody is listed there', async () => {
    const { zip } = await zipIn('MT');
    await makeGuide('Rhea Reserver', `zip-${zip}`, 'exclusive', { pay: false });
    const found = await find(zip);
    expect(found).toMatchObject({ guides: [], counties: [], reserveArea: null });
    const page = await (await request(`/guides?place=${zip}`)).text();
    expect(page).toContain(`No guide holds ${found.place} yet`);
    expect(page).not.toContain('/area-search');
  });

  it('suggests ZIP codes, cities, counties and states, and searches a chosen suggestion’s label', async () => {
    const labels = async (q: string) => {
      const response = await request(`/api/guides/places?q=${encodeURIComponent(q)}`);
      expect(response.status).toBe(200);
      return ((await response.json()) as PlaceSuggestions).areas.map((area) => area.label);
    };
    expect(await labels('austin tx')).toContain('Austin, TX');
    expect(await labels('Travis')).toContain('Travis County, TX');
    expect((await labels('Texas'))[0]).toBe('Texas');
    const [zipLabel] = await labels('78704');
    expect(zipLabel).toBe('78704 · Austin, TX');
    expect((await find(zipLabel!)).place).toBe('78704 · Austin, TX');
    expect((await request('/api/guides/places?q=')).status).toBe(400);
  });

  it('offers the area to reserve when nobody covers a place, and says when a place is unknown', async () => {
    const { zip } = await zipIn('WY');
    const found = await find(zip);
    expect(found).toMatchObject({ guides: [], reserveArea: { id: `zip-${zip}` } });
    const page = await (await request(`/guides?place=${zip}`)).text();
    expect(page).toContain(`No guide holds ${found.place} yet`);
    expect(page).toContain(`href="/area-search?area=zip-${zip}"`);
    expect(await find('Wyoming')).toMatchObject({ guides: [], counties: [], reserveArea: { id: 'state-WY', label: 'Wyoming' } });
    expect(await (await request('/guides?place=Wyoming')).text()).toContain('href="/area-search?area=state-WY"');

    const unknown = await request('/api/guides?place=Atlantis%2C%20XX');
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({
      place: null,
      guides: [],
      counties: [],
      reserveArea: null,
      message: 'No ZIP code, city, county or state matches "Atlantis, XX".',
    });
    expect(await (await request('/api/guides?place=20001')).json()).toMatchObject({
      place: null,
      message: expect.stringContaining('District of Columbia'),
    });
    const unknownPage = await request('/guides?place=Atlantis');
    expect(unknownPage.status).toBe(200);
    expect(await unknownPage.text()).toContain('We could not find &quot;Atlantis&quot;');
  });

  it('refuses a bad page or an overlong place with 400 and the field’s message', async () => {
    for (const query of ['page=0', 'page=abc', `place=${'a'.repeat(101)}`]) {
      const response = await request(`/api/guides?${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toMatchObject({ error: { fieldErrors: expect.any(Object) } });
      expect((await request(`/guides?${query}`)).status, query).toBe(400);
    }
  });
});

describe('a guide’s page', () => {
  let guide: TestGuide;
  beforeAll(async () => {
    const { zip } = await zipIn('ME');
    guide = await makeGuide('Mae Pagewright', `zip-${zip}`, 'exclusive');
    await testSql()`update guides set bio = 'I guide circles on the coast.', languages = '{English,French}', meets = 'both'
      where user_id = ${guide.userId}`;
  });

  it('renders the profile, the areas and JSON-LD, and redirects a wrong slug to its own', async () => {
    const response = await request(guide.path);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('set-cookie')).toBeNull();
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Mae Pagewright<\/h1>/);
    expect(html).toContain('Certified guide since March 2026');
    expect(html).toContain('Guides in English, French');
    expect(html).toContain('Exclusive licence');
    expect(html).toContain('Message Mae');
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http[^"]*${guide.path}"`));
    expect(html.match(/<meta property="og:type" content="([^"]+)"/g)).toEqual(['<meta property="og:type" content="profile"']);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(jsonLd).toMatchObject({ '@type': 'Person', name: 'Mae Pagewright', jobTitle: expect.any(String) });
    // Issue 41, item 15: areaServed is no property of a Person, but of the Service the guide offers.
    expect(jsonLd.areaServed).toBeUndefined();
    expect(jsonLd.makesOffer.itemOffered.areaServed[0]).toMatchObject({
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressRegion: 'ME' },
    });

    // Each area's map is an image of its own, so that a guide of many areas makes no heavy page.
    const mapPath = /<img src="(\/api\/areas\/[a-z]+-[0-9A-Z]+\/map\.svg)" alt="Map: ([^"]+)"/.exec(html);
    expect(mapPath).not.toBeNull();
    const map = await request(mapPath![1]!);
    expect(map.status).toBe(200);
    expect(map.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(map.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(await map.text()).toContain(`<title>Map: ${mapPath![2]}</title>`);
    for (const path of ['/api/areas/zip-00000/map.svg', '/api/areas/nowhere/map.svg', '/api/areas/state-DC/map.svg']) {
      expect((await request(path)).status, path).toBe(404);
    }

    const wrong = await request(`/guides/${guide.id}-someone-else?x=1`, { redirect: 'manual' });
    expect(wrong.status).toBe(301);
    expect(wrong.headers.get('location')).toBe(`${guide.path}?x=1`);
    expect((await request(`/guides/${guide.id}`, { redirect: 'manual' })).status).toBe(301);
  });

  it('shows an edit of the guide, a newly listed club of its area and its hiding at once, each answer as rendered', async () => {
    // Issue 43: the page's HTML is kept by what it was rendered from (docs/decisions/039); every request reads afresh.
    const { zip } = await zipIn('GA');
    const editor = await makeGuide('Eda Keptpage', `zip-${zip}`, 'shared');
    const answer = async () => {
      const response = await request(editor.path);
      expect(response.status).toBe(200);
      const headers = Object.fromEntries([...response.headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)));
      return { headers, html: await response.text() };
    };
    const first = await answer();
    expect(first.headers['content-type']).toMatch(/^text\/html/);
    expect(first.headers['set-cookie']).toBeUndefined();
    // The same reading, answered again: the same page and the same headers (the security policy's among them).
    expect(await answer()).toEqual(first);

    const edited = await request('/api/guides/profile', {
      method: 'PUT',
      json: {
        name: 'Eda Keptpage',
        bio: 'Now guiding lantern walks.',
        languages: ['English'],
        meets: 'online',
        showPhone: false,
        hidden: false,
      },
      headers: asUser(editor.token),
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    const afterEdit = await answer();
    expect(afterEdit.html).toContain('Now guiding lantern walks.');
    expect(afterEdit.headers).toEqual(first.headers);

    await insertClub(testSql(), { clubName: 'Kept Lanterns', city: 'Plainview', state: 'GA', zipCode: zip });
    expect((await answer()).html).toContain('Kept Lanterns');

    const hidden = await request('/api/guides/profile', {
      method: 'PUT',
      json: {
        name: 'Eda Keptpage',
        bio: 'Now guiding lantern walks.',
        languages: ['English'],
        meets: 'online',
        showPhone: false,
        hidden: true,
      },
      headers: asUser(editor.token),
    });
    expect(hidden.status).toBe(200);
    expect((await request(editor.path)).status).toBe(404);
  });

  it('answers 404 for an unknown or malformed guide', async () => {
    for (const path of ['/guides/999999-nobody', '/guides/0-zero', '/guides/abc']) {
      expect((await request(path)).status, path).toBe(404);
    }
  });

  it('prints the guide’s email in no public page or answer', async () => {
    const bodies = await Promise.all(
      [guide.path, '/guides', '/api/guides', `/guides?place=ME`, '/api/guides?place=Maine', '/sitemap-guides.xml'].map(async (path) => {
        const response = await request(path);
        expect(response.status, path).toBe(200);
        return response.text();
      }),
    );
    expect(bodies.at(-1)).toContain(`${guide.path}</loc>`);
    expect(bodies[1]).toContain(guide.path);
    for (const body of bodies) expect(body).not.toContain(guide.email);
  });
});

describe('where visitors already are', () => {
  it('names the guide of a club’s area on its page and in its dialog’s answer, and lists the club on the guide’s page', async () => {
    const { zip, county } = await zipIn('KS');
    const guide = await makeGuide('Kai Clubward', `county-${county}`, 'exclusive');
    const sql = testSql();
    const club = {
      id: (await insertClub(sql, { clubName: 'Prairie Lanterns', city: 'Somewhere', state: 'KS', zipCode: zip })).id,
      clubName: 'Prairie Lanterns',
    };
    const pending = (await insertClub(sql, { clubName: 'Pending Prairie', state: 'KS', zipCode: zip, isVerified: false })).id;

    const html = await (await request(clubPagePath(club))).text();
    expect(html).toContain('Guide for this area:');
    // The W3C checker's rule for Astro's island style, on the pages rendered on demand (the built ones: tests/build).
    for (const page of [
      html,
      await (await request(guide.path)).text(),
      await (await request('/guides')).text(),
      await (await request(`/guides?place=${zip}`)).text(),
    ]) {
      expect(misplacedIslandStyles(page)).toEqual([]);
    }
    expect(html).toContain(`href="${guide.path}"`);

    const answer = await request(`/api/clubs/${club.id}/guides`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(((await answer.json()) as { guides: GuideCard[] }).guides.map((g) => g.name)).toEqual(['Kai Clubward']);
    expect((await request(`/api/clubs/${pending}/guides`)).status).toBe(404);

    const page = await (await request(guide.path)).text();
    expect(page).toContain(`href="${clubPagePath(club)}"`);
    expect(page).not.toContain('Pending Prairie');
  });

  it('names the listed holders on an area’s card and counts the others', async () => {
    const { zip } = await zipIn('SD');
    const listedGuide = await makeGuide('Sage Listed', `zip-${zip}`, 'shared');
    await makeGuide('Hidden Reserver', `zip-${zip}`, 'shared', { pay: false });
    const card = await (await request(`/api/areas/zip-${zip}`)).json();
    expect(card.holders).toEqual({ guides: [{ name: 'Sage Listed', path: listedGuide.path }], others: 1 });
  });
});
