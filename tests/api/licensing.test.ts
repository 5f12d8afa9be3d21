import { describe, expect, it } from 'vitest';
import { guidePagePath } from '#lib/guides/types.ts';
import type { AreaSuggestions, MyLicences } from '#lib/licensing/types.ts';
import { asUser, registerHost, request, signInAdmin, testSql, waitForEmail } from '../support/api.ts';
import {
  adminAction,
  card,
  confirmEmail,
  emailSubjects,
  myLicence,
  pickArea,
  registerGuide,
  reserve,
  reserveOk,
} from '../support/licensing.ts';

// Guide licensing (docs/decisions/017): prices from the census, availability across ZIP codes, counties and states,
// reservations under concurrency, and who may see and do what. Each test works in states of its own.

const suggest = async (q: string) => {
  const response = await request(`/api/areas/suggest?q=${encodeURIComponent(q)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as AreaSuggestions;
};

describe('area prices', () => {
  it('prices ZIP 78704 (49,197 people) in tier 3: $99 shared, $199 exclusive', async () => {
    const zip = await card('zip-78704');
    expect(zip).toMatchObject({
      population: 49_197,
      multiplier: 1,
      pricedPopulation: 49_197,
      tier: 3,
      prices: { shared: 99, exclusive: 199 },
    });
    expect(zip).toMatchObject({
      label: 'ZIP 78704',
      county: { fips: '48453', name: 'Travis County' },
      state: { code: 'TX', name: 'Texas' },
    });
    expect(zip.populationSource).toBe('US Census 2020');
    expect(zip.mapSvg).toMatch(/^<svg[\s\S]*<circle/);
  });

  it('prices Travis County, TX at 1,290,188 ÷ 5 = 258,037: tier 5, $249 shared, $399 exclusive', async () => {
    expect(await card('county-48453')).toMatchObject({
      label: 'Travis County, TX',
      population: 1_290_188,
      multiplier: 5,
      pricedPopulation: 258_037,
      tier: 5,
      prices: { shared: 249, exclusive: 399 },
    });
  });

  it('prices Wyoming at 576,851 ÷ 200 = 2,884: tier 1, $79 shared, $109 exclusive', async () => {
    expect(await card('state-WY')).toMatchObject({
      label: 'Wyoming',
      population: 576_851,
      multiplier: 200,
      pricedPopulation: 2_884,
      tier: 1,
      prices: { shared: 79, exclusive: 109 },
    });
  });

  it('prices Loving County, TX (64 people) at 64 ÷ 5 = 12: tier 1', async () => {
    expect(await card('county-48301')).toMatchObject({
      population: 64,
      pricedPopulation: 12,
      tier: 1,
      prices: { shared: 79, exclusive: 109 },
    });
  });

  it('refuses what cannot be licensed, saying why', async () => {
    const dc = await request('/api/areas/state-DC');
    expect(dc.status).toBe(404);
    expect(await dc.json()).toEqual({ error: { message: 'The District of Columbia cannot be licensed.' } });
    const [empty] = await testSql()<{ zcta: string }[]>`select zcta from census_zctas where population = 0 and state_code <> 'DC' limit 1`;
    const noPeople = await request(`/api/areas/zip-${empty!.zcta}`);
    expect(noPeople.status).toBe(404);
    expect(((await noPeople.json()) as { error: { message: string } }).error.message).toMatch(
      /no census population\. It can be licensed as part of its county/,
    );
    expect((await request('/api/areas/zip-00000')).status).toBe(404);
    expect((await request('/api/areas/planet-earth')).status).toBe(404);
  });
});

describe('area suggestions', () => {
  it('finds a ZIP code as it is typed', async () => {
    const partial = await suggest('7870');
    expect(partial.areas.map((area) => area.id)).toContain('zip-78704');
    const whole = await suggest('78704');
    expect(whole.areas[0]).toMatchObject({ id: 'zip-78704', kind: 'zip', population: 49_197 });
    expect(whole.areas[0]!.label).toMatch(/^78704 · /);
  });

  it('finds a county by name, with or without its state', async () => {
    for (const text of ['Travis County, TX', 'travis tx', 'travis county texas', 'Travis']) {
      expect(
        (await suggest(text)).areas.map((area) => area.id),
        text,
      ).toContain('county-48453');
    }
    expect((await suggest('travis tx')).areas[0]).toMatchObject({ label: 'Travis County, TX' });
  });

  // Issue 30: "Austin" offered only Austin County, TX, a rural county a long way from the city.
  it('finds a city: the county holding it first, then its most populous ZIP codes', async () => {
    for (const text of ['Austin', 'austin tx', 'Austin, Texas']) {
      const { areas } = await suggest(text);
      expect(areas[0], text).toMatchObject({ id: 'county-48453', label: 'Travis County, TX' });
      const zips = areas.filter((area) => area.kind === 'zip');
      expect(zips.length, text).toBeGreaterThan(0);
      for (const zip of zips) expect(zip.label, text).toMatch(/^787\d\d · Austin, TX$/);
    }
    // The county of that name is still offered.
    expect((await suggest('Austin')).areas.map((area) => area.label)).toContain('Austin County, TX');
    expect((await suggest('st louis mo')).areas.map((area) => area.label)).toContain('St. Louis city, MO');
  });

  it('finds a state by name or code, first', async () => {
    expect((await suggest('texas')).areas[0]).toMatchObject({ id: 'state-TX', label: 'Texas' });
    expect((await suggest('WY')).areas[0]).toMatchObject({ id: 'state-WY' });
  });

  it('says why DC, an unknown text or a ZIP code without people cannot be licensed', async () => {
    expect(await suggest('DC')).toEqual({ areas: [], message: 'The District of Columbia cannot be licensed.' });
    expect(await suggest('20001')).toEqual({ areas: [], message: 'ZIP 20001 is in the District of Columbia, which cannot be licensed.' });
    expect(await suggest('20500')).toEqual({
      areas: [],
      message: 'ZIP 20500 is not a ZIP code of the 50 states that the census counts. Search for its county or state instead.',
    });
    // 00501 is the IRS's own ZIP code in Holtsville, NY: the post office knows it, the census counts nobody there.
    expect(await suggest('00501')).toEqual({
      areas: [{ id: 'county-36103', kind: 'county', label: 'Suffolk County, NY', population: expect.any(Number) }],
      message: 'ZIP 00501 has no census population. It can be licensed as part of its county, Suffolk County, NY.',
    });
    // Issue 30: 78711, an Austin PO box ZIP code, said so without naming the county it is licensed with.
    expect(await suggest('78711')).toEqual({
      areas: [{ id: 'county-48453', kind: 'county', label: 'Travis County, TX', population: expect.any(Number) }],
      message: 'ZIP 78711 has no census population. It can be licensed as part of its county, Travis County, TX.',
    });
    expect(await suggest('zzqx')).toEqual({ areas: [], message: 'No ZIP code, county or state matches "zzqx".' });
    const [empty] = await testSql()<{ zcta: string; countyFips: string }[]>`
      select zcta, county_fips from census_zctas where population = 0 and state_code <> 'DC' limit 1`;
    const answer = await suggest(empty!.zcta);
    expect(answer.message).toMatch(/has no census population\. It can be licensed as part of its county/);
    expect(answer.areas.map((area) => area.id)).toEqual([`county-${empty!.countyFips}`]);
  });

  it('answers 400 with the field message for an empty or overlong text', async () => {
    const empty = await request('/api/areas/suggest?q=%20');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: { fieldErrors: { q: ['Type a ZIP code, county or state'] } } });
    expect((await request(`/api/areas/suggest?q=${'a'.repeat(101)}`)).status).toBe(400);
  });
});

describe('availability', () => {
  it('an exclusive ZIP code blocks every licence on itself, its county and its state, and says until when', async () => {
    const { zip, county } = await pickArea('VT');
    const holder = await registerGuide();
    const { licence } = await reserveOk(holder.token, zip, 'exclusive');
    const other = await registerGuide();
    for (const [area, kind] of [
      [zip, 'shared'],
      [zip, 'exclusive'],
      [county, 'shared'],
      [county, 'exclusive'],
      ['state-VT', 'shared'],
      ['state-VT', 'exclusive'],
    ] as const) {
      const response = await reserve(other.token, area, kind);
      expect(response.status, `${kind} ${area}`).toBe(409);
    }
    expect((await card(zip)).availability.shared).toEqual({
      available: false,
      reason: expect.stringMatching(/^Reserved exclusively \(awaiting payment until \w+ \d+, \d{4}\)$/),
    });
    expect((await card(county)).availability.exclusive).toEqual({
      available: false,
      reason: expect.stringMatching(/^ZIP \d{5}, inside this area, is reserved exclusively/),
    });

    const admin = await signInAdmin();
    await adminAction(admin, licence.id, 'mark-paid');
    expect((await card(zip)).availability.shared).toEqual({
      available: false,
      reason: expect.stringMatching(/^Held exclusively until \w+ \d+, \d{4}$/),
    });
    // Elsewhere in the state is free.
    const elsewhere = await pickArea('VT', 60);
    expect(elsewhere.county).not.toBe(county);
    await reserveOk(other.token, elsewhere.zip, 'exclusive');
  });

  it('an exclusive state blocks its counties and ZIP codes: "Inside …, which is held exclusively"', async () => {
    const { zip, county } = await pickArea('ND');
    const holder = await registerGuide();
    await reserveOk(holder.token, 'state-ND', 'exclusive');
    const other = await registerGuide();
    expect((await reserve(other.token, county, 'shared')).status).toBe(409);
    expect((await reserve(other.token, zip, 'exclusive')).status).toBe(409);
    expect((await card(county)).availability.shared).toEqual({
      available: false,
      reason: expect.stringMatching(/^Inside North Dakota, which is reserved exclusively/),
    });
    // Another state is untouched.
    expect((await card('state-SD')).availability).toEqual({ shared: { available: true }, exclusive: { available: true } });
  });

  it('shared licences never block each other but block an exclusive one, both ways', async () => {
    const { zip, county } = await pickArea('NH');
    const guides = await Promise.all([registerGuide(), registerGuide(), registerGuide(), registerGuide()]);
    for (const guide of guides.slice(0, 3)) await reserveOk(guide.token, zip, 'shared');
    expect((await card(zip)).availability).toEqual({
      shared: { available: true },
      exclusive: { available: false, reason: '3 coaches hold shared licences here' },
    });
    expect((await card(county)).availability.exclusive).toEqual({
      available: false,
      reason: '3 coaches hold shared licences inside this area',
    });
    expect((await reserve(guides[3]!.token, county, 'exclusive')).status).toBe(409);
    expect((await reserve(guides[3]!.token, 'state-NH', 'exclusive')).status).toBe(409);
    // A shared county licence overlaps them and is fine.
    await reserveOk(guides[3]!.token, county, 'shared');
    // …and now an exclusive ZIP code inside that county is not.
    const another = await registerGuide();
    const inside = await testSql()<{ zcta: string }[]>`
      select zcta from census_zctas where county_fips = ${county.slice('county-'.length)} and population > 0 and 'zip-' || zcta <> ${zip} limit 1`;
    if (inside[0]) {
      const answer = await reserve(another.token, `zip-${inside[0].zcta}`, 'exclusive');
      expect(answer.status).toBe(409);
      expect(await answer.json()).toMatchObject({
        error: { message: expect.stringMatching(/^Inside .+, where 1 coach holds a shared licence$/) },
      });
    }
  });

  it('a guide holds one licence per area', async () => {
    const { zip } = await pickArea('ME');
    const guide = await registerGuide();
    await reserveOk(guide.token, zip, 'shared');
    const again = await reserve(guide.token, zip, 'shared');
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { fieldErrors: { kind: [expect.stringMatching(/already hold a licence/)] } } });
  });
});

describe('reservations under concurrency', () => {
  it('of 20 parallel exclusive reservations of one ZIP code exactly 1 succeeds', async () => {
    const { zip } = await pickArea('MT');
    const guides = await Promise.all(Array.from({ length: 20 }, () => registerGuide()));
    const answers = await Promise.all(guides.map((guide) => reserve(guide.token, zip, 'exclusive')));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(19).fill(409)]);
    const [held] = await testSql()<{ count: number }[]>`
      select count(*)::int as count from licences where zip = ${zip.slice(4)} and status in ('reserved', 'active', 'grace')`;
    expect(held!.count).toBe(1);
  });

  it('an exclusive ZIP code and an exclusive county containing it reserved at once: exactly 1 succeeds', async () => {
    for (const offset of [0, 40, 80]) {
      const { zip, county } = await pickArea('ID', offset);
      const [first, second] = await Promise.all([registerGuide(), registerGuide()]);
      const answers = await Promise.all([reserve(first.token, zip, 'exclusive'), reserve(second.token, county, 'exclusive')]);
      expect(answers.map((answer) => answer.status).sort(), `${zip} in ${county}`).toEqual([201, 409]);
    }
  });
});

describe('reserving', () => {
  it('answers 201 with the reference, the amount, the due date and the store, and emails the guide and the admin', async () => {
    const { zip } = await pickArea('SC');
    const guide = await registerGuide();
    const price = (await card(zip)).prices.exclusive;
    const before = Date.now();
    const reservation = await reserveOk(guide.token, zip, 'exclusive');
    expect(reservation.order).toMatchObject({
      reference: expect.stringMatching(/^FK-[A-Z2-9]{4}-[A-Z2-9]{4}$/),
      amount: price,
      status: 'awaiting_payment',
      isRenewal: false,
    });
    const dueInDays = (Date.parse(reservation.order.dueAt) - before) / 86_400_000;
    expect(dueInDays).toBeGreaterThan(13.9);
    expect(dueInDays).toBeLessThan(14.1);
    // The store link carries the reference and the guide's email (issue 32), so the store's webhook finds the licence.
    expect(reservation.store.href).toMatch(/^https:\/\//);
    expect(new URL(reservation.store.href).searchParams.get('attributes[reference]')).toBe(reservation.order.reference);
    expect(reservation.licence).toMatchObject({ status: 'reserved', kind: 'exclusive', area: { id: zip } });
    const mails = await testSql()<{ recipient: string }[]>`
      select recipient from outbox where subject like ${'%' + reservation.order.reference + '%'} order by id`;
    expect(mails.map((mail) => mail.recipient)).toEqual([guide.email, 'admin@flamekeeper.test']);
    // Issue 30, item 6: "an exclusive" (it read "a exclusive"), and the store to pay at a link in the HTML. Read as
    // delivered: the outbox forgets a message's body once the worker has sent it.
    const sent = await waitForEmail((mail) => mail.includes(`To: ${guide.email}`) && mail.includes(reservation.order.reference));
    expect(sent).toContain('You reserved an exclusive guide licence for');
    expect(sent).toContain(`<a href="${reservation.store.href.replaceAll('&', '&amp;')}"`);
  });

  it('lets a club host reserve with the same account, named after the club host', async () => {
    const host = await registerHost({ hostName: 'Harper Flint' });
    await confirmEmail({ email: host.payload.email, token: host.token });
    const { zip } = await pickArea('RI');
    await reserveOk(host.token, zip, 'shared');
    const mine = (await (await request('/api/licences', { headers: asUser(host.token) })).json()) as MyLicences;
    expect(mine.guide).toMatchObject({ name: 'Harper Flint', certifiedOn: null });
    expect(mine.licences).toHaveLength(1);
    const user = (await (await request('/api/auth/user', { headers: asUser(host.token) })).json()) as { role: string; isGuide: boolean };
    expect(user).toMatchObject({ role: 'host', isGuide: true });
  });

  it('lets the guide cancel their reservation, which frees the area', async () => {
    const { zip } = await pickArea('DE');
    const guide = await registerGuide();
    const { licence } = await reserveOk(guide.token, zip, 'exclusive');
    const cancel = await request(`/api/licences/${licence.id}/cancel`, { method: 'POST', headers: asUser(guide.token) });
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toMatchObject({ status: 'cancelled', openOrder: null });
    expect((await request(`/api/licences/${licence.id}/cancel`, { method: 'POST', headers: asUser(guide.token) })).status).toBe(409);
    await reserveOk((await registerGuide()).token, zip, 'exclusive');
  });

  it('answers 400 with field messages for bad input, and 401 without a session', async () => {
    const guide = await registerGuide();
    const bad = await request('/api/licences', {
      method: 'POST',
      json: { areaId: 'zip-7870', kind: 'forever' },
      headers: asUser(guide.token),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { fieldErrors: { areaId: ['Choose an area from the suggestions'], kind: ['Choose a shared or exclusive licence'] } },
    });
    const dc = await reserve(guide.token, 'state-DC', 'shared');
    expect(dc.status).toBe(400);
    expect(await dc.json()).toMatchObject({ error: { fieldErrors: { areaId: ['The District of Columbia cannot be licensed.'] } } });
    expect((await request('/api/licences', { method: 'POST', json: { areaId: 'zip-78704', kind: 'shared' } })).status).toBe(401);
    expect((await request('/api/licences')).status).toBe(401);
  });
});

describe('guide accounts', () => {
  it('registers a guide with the registration messages, one account per email', async () => {
    const bad = await request('/api/guides/register', {
      method: 'POST',
      json: { name: 'J', email: 'nope', password: '123', confirmPassword: '', phone: '12' },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fieldErrors: Record<string, string[]> } }).error.fieldErrors).toEqual({
      name: ['Name must be at least 2 characters'],
      email: ['Valid email is required'],
      password: ['Password must be at least 6 characters'],
      confirmPassword: ['Please confirm your password'],
      phone: ['Please enter a valid phone number'],
    });
    const { email } = await registerGuide();
    const again = await request('/api/guides/register', {
      method: 'POST',
      json: { name: 'Jordan Ember', email: email.toUpperCase(), password: 'kindling-42', confirmPassword: 'kindling-42' },
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: { fieldErrors: { email: ['An account with this email already exists. Sign in instead.'] } },
    });
  });

  it('signs in a guide or a host, never the admin, on /api/guides/signin', async () => {
    const { email } = await registerGuide();
    const guide = await request('/api/guides/signin', { method: 'POST', json: { email, password: 'kindling-42' } });
    expect(await guide.json()).toEqual({ success: true, home: '/my-licences' });
    const host = await registerHost();
    const hostAnswer = await request('/api/guides/signin', {
      method: 'POST',
      json: { email: host.payload.email, password: host.payload.password },
    });
    expect(await hostAnswer.json()).toEqual({ success: true, home: `/club-profile/${host.clubId}` });
    const wrong = await request('/api/guides/signin', { method: 'POST', json: { email, password: 'not-the-password' } });
    expect(await wrong.json()).toEqual({ success: false, home: null });
    const admin = await request('/api/guides/signin', {
      method: 'POST',
      json: { email: 'admin@flamekeeper.test', password: 'correct horse battery staple' },
    });
    expect(await admin.json()).toEqual({ success: false, home: null });
  });
});

describe("another guide's licences and the admin's routes", () => {
  it("a guide can neither see nor act on another guide's licence (404), nor reach the admin routes (403)", async () => {
    const { zip } = await pickArea('OR');
    const owner = await registerGuide();
    const { licence } = await reserveOk(owner.token, zip, 'exclusive');
    const stranger = await registerGuide();
    expect(await myLicence(stranger.token, licence.id)).toBeUndefined();
    for (const action of ['cancel', 'renew']) {
      const response = await request(`/api/licences/${licence.id}/${action}`, { method: 'POST', headers: asUser(stranger.token) });
      expect(response.status, action).toBe(404);
    }
    for (const [method, path] of [
      ['GET', '/api/admin/licences'],
      ['POST', `/api/admin/licences/${licence.id}/mark-paid`],
      ['POST', `/api/admin/licences/${licence.id}/revoke`],
      ['GET', '/api/admin/export/licences.csv'],
    ]) {
      expect((await request(path!, { method, headers: asUser(stranger.token) })).status, path).toBe(403);
      expect((await request(path!, { method })).status, path).toBe(401);
    }
    const certify = await request(`/api/admin/guides/${owner.email}/certification`, {
      method: 'PUT',
      json: { certifiedOn: null },
      headers: asUser(stranger.token),
    });
    expect(certify.status).toBe(403);
    expect((await myLicence(owner.token, licence.id))?.status).toBe('reserved');
  });
});

describe('administration', () => {
  it('lists, filters and searches licences, exports them, and certifies a guide', async () => {
    const { zip, county } = await pickArea('KS');
    const guide = await registerGuide({ name: 'Quinn Searchable' });
    const { order } = await reserveOk(guide.token, zip, 'shared');
    await reserveOk(guide.token, county, 'shared');
    const admin = await signInAdmin();
    const list = async (query: string) => {
      const response = await request(`/api/admin/licences?${query}`, { headers: asUser(admin) });
      expect(response.status).toBe(200);
      return {
        total: Number(response.headers.get('x-total-count')),
        licences: (await response.json()) as { id: number; area: { id: string } }[],
      };
    };
    expect((await list(`q=${order.reference}`)).licences.map((l) => l.area.id)).toEqual([zip]);
    expect((await list('q=quinn searchable&state=KS')).total).toBe(2);
    expect((await list('q=quinn searchable&areaKind=county')).licences.map((l) => l.area.id)).toEqual([county]);
    expect((await list('q=quinn searchable&status=active')).total).toBe(0);
    const bad = await request('/api/admin/licences?status=forever&state=DC', { headers: asUser(admin) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { fieldErrors: { status: expect.any(Array), state: ['Choose one of the 50 US states'] } },
    });

    const csv = await request('/api/admin/export/licences.csv?q=quinn%20searchable', { headers: asUser(admin) });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines.join('\n')).toContain(order.reference);

    const [row] = await testSql()<{ id: string }[]>`select id from users where email = ${guide.email}`;
    const certify = (certifiedOn: unknown) =>
      request(`/api/admin/guides/${row!.id}/certification`, { method: 'PUT', json: { certifiedOn }, headers: asUser(admin) });
    expect((await certify('2026-13-01')).status).toBe(400);
    expect(await (await certify('2026-11-20')).json()).toMatchObject({ certifiedOn: '2026-11-20' });
    const mine = (await (await request('/api/licences', { headers: asUser(guide.token) })).json()) as MyLicences;
    expect(mine.guide?.certifiedOn).toBe('2026-11-20');
    // The guide is told once, with the date; the same date again, or clearing it, sends nothing more.
    expect(await certify('2026-11-20')).toMatchObject({ status: 200 });
    expect(await (await certify(null)).json()).toMatchObject({ certifiedOn: null });
    expect((await emailSubjects(guide.email)).filter((subject) => subject.startsWith('Your FlameKeeper guide certification'))).toEqual([
      'Your FlameKeeper guide certification is recorded (November 20, 2026)',
    ]);
    const [audit] = await testSql()<{ count: number }[]>`
      select count(*)::int as count from audit_log where action = 'guide.certification' and subject like ${'%' + guide.email + '%'}`;
    expect(audit!.count).toBe(3);
  });

  it('revoking releases the area; releasing applies to reservations only', async () => {
    const { zip } = await pickArea('AR');
    const guide = await registerGuide();
    const { licence } = await reserveOk(guide.token, zip, 'exclusive');
    const admin = await signInAdmin();
    await adminAction(admin, licence.id, 'mark-paid');
    const release = await request(`/api/admin/licences/${licence.id}/release`, { method: 'POST', headers: asUser(admin) });
    expect(release.status).toBe(409);
    expect(await adminAction(admin, licence.id, 'revoke')).toMatchObject({ status: 'revoked' });
    // The email says "Reply to this email if you have questions": the reply reaches the team (SUPPORT_EMAIL's default).
    const [revokedMail] = await testSql()<{ replyTo: string | null }[]>`
      select reply_to as "replyTo" from outbox where recipient = ${guide.email} and subject like '%is no longer held'`;
    expect(revokedMail!.replyTo).toBe('support@flamekeeperclubs.com');
    expect((await card(zip)).availability.exclusive).toEqual({ available: true });
    const next = await reserveOk((await registerGuide()).token, zip, 'exclusive');
    expect(await adminAction(admin, next.licence.id, 'release')).toMatchObject({ status: 'released', openOrder: null });
    expect((await card(zip)).availability.exclusive).toEqual({ available: true });
    const [audit] = await testSql()<{ actions: string[] }[]>`
      select array_agg(action order by id) as actions from audit_log where subject like ${`Licence ${licence.id}:%`}`;
    expect(audit!.actions).toEqual(['licence.mark-paid', 'licence.revoke']);
  });
});

describe("a county's card with many licences", () => {
  it('counts the shared licences held inside, on and around it, and names each listed holder once', async () => {
    const sql = testSql();
    // Kentucky's county with the most ZIP codes with people: no other test licenses in Kentucky.
    const [county] = await sql<{ fips: string; name: string }[]>`
      select c.county_fips as fips, c.name from census_counties c join census_zctas z on z.county_fips = c.county_fips
      where c.state_code = 'KY' and z.population > 0 group by c.county_fips, c.name order by count(*) desc, c.county_fips limit 1`;
    const zips = (
      await sql<{ zcta: string }[]>`select zcta from census_zctas where county_fips = ${county!.fips} and population > 0 order by zcta`
    ).map((row) => row.zcta);
    expect(zips.length).toBeGreaterThanOrEqual(12);
    const [elsewhere] = await sql<{ zcta: string; countyFips: string }[]>`
      select zcta, county_fips from census_zctas where state_code = 'KY' and county_fips <> ${county!.fips} and population > 0 limit 1`;

    // 16 guides: 10 listed (certified, their licences active), 6 only reserving (not listed). The first listed guide
    // holds 4 ZIP codes, each of the others one or two.
    const names = ['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal', 'Ivy', 'Jo', 'Kit', 'Lu', 'Mo', 'Ned', 'Oz', 'Pip'];
    const guides = await sql<{ userId: string; publicId: number; name: string }[]>`
      with input as (select n, i from unnest(${names}::text[]) with ordinality as t(n, i)),
      new_users as (
        insert into users (email, password_hash, role)
        select 'county-card-' || lower(n) || '@example.com', 'x', 'guide' from input returning id, email
      )
      insert into guides (user_id, name, certified_on)
      select u.id, input.n || ' Countyward', case when input.i <= 10 then date '2025-01-15' end
      from new_users u join input on u.email = 'county-card-' || lower(input.n) || '@example.com'
      returning user_id, public_id, name`;
    const byName = new Map(guides.map((guide) => [guide.name.split(' ')[0]!, guide]));
    const licence = async (name: string, area: { kind: 'zip' | 'county' | 'state'; zip?: string; countyFips?: string }, status: string) =>
      sql`
        insert into licences (guide_id, kind, area_kind, state_code, county_fips, zip, status, starts_at, ends_at)
        values (${byName.get(name)!.userId}, 'shared', ${area.kind}, 'KY', ${area.countyFips ?? null}, ${area.zip ?? null}, ${status},
          ${status === 'reserved' ? null : new Date(Date.now() - 86_400_000)}, ${status === 'reserved' ? null : new Date(Date.now() + 300 * 86_400_000)})`;
    let inside = 0;
    for (const [i, name] of names.entries()) {
      const count = i === 0 ? 4 : 1 + (i % 2);
      for (let k = 0; k < count; k++) {
        await licence(name, { kind: 'zip', zip: zips[(i + k) % 11], countyFips: county!.fips }, i < 10 ? 'active' : 'reserved');
        inside++;
      }
    }
    // Not counted: an expired licence inside, and a held one in another county.
    await sql`
      insert into licences (guide_id, kind, area_kind, state_code, county_fips, zip, status, starts_at, ends_at)
      values (${byName.get('Bo')!.userId}, 'shared', 'zip', 'KY', ${county!.fips}, ${zips[0]!}, 'expired', now() - interval '2 years', now() - interval '1 year'),
        (${byName.get('Cy')!.userId}, 'shared', 'zip', 'KY', ${elsewhere!.countyFips}, ${elsewhere!.zcta}, 'active', now(), now() + interval '1 year')`;
    expect(inside).toBeGreaterThanOrEqual(25);

    const countyId = `county-${county!.fips}`;
    const first = await card(countyId);
    expect(first.availability).toEqual({
      shared: { available: true },
      exclusive: { available: false, reason: `${inside} coaches hold shared licences inside this area` },
    });
    const listed = names
      .slice(0, 10)
      .map((name) => byName.get(name)!)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.publicId - b.publicId));
    expect(first.holders).toEqual({
      guides: listed.map((guide) => ({ name: guide.name, path: guidePagePath({ id: guide.publicId, name: guide.name }) })),
      others: 6,
    });

    // On the county itself, two shared licences; around it, one on the state.
    await licence('Kit', { kind: 'county', countyFips: county!.fips }, 'active');
    await licence('Lu', { kind: 'county', countyFips: county!.fips }, 'reserved');
    await licence('Mo', { kind: 'state' }, 'active');
    expect((await card(countyId)).availability.exclusive).toEqual({ available: false, reason: '2 coaches hold shared licences here' });
    // A ZIP code of the county that no one holds itself: inside the county's two and the state's one.
    expect((await card(`zip-${zips[11]!}`)).availability.exclusive).toEqual({
      available: false,
      reason: `Inside ${county!.name}, KY, where 3 coaches hold shared licences`,
    });
    expect((await card(countyId)).holders.others).toBe(6);
  });
});
