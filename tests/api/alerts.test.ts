import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { insertClub } from '../support/clubs.ts';
import { asUser, baseUrl, registerHost, request, sentEmails, testSql, useRealLimitsServer, waitForEmail } from '../support/api.ts';
import { outboxTo, runAlertJob, soon, tokenIn, unsubscribeHeaderOf } from '../support/alerts.ts';

// Issue 39, alerts for visitors: "tell me when a club starts near me", double opt-in, matched by distance and online,
// one email a day, one-click unsubscribe (RFC 8058), the "Your alerts" page by token, limits, and the job's clean-up.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const unique = () => randomBytes(4).toString('hex');
const newAddress = () => `alert.${unique()}@example.com`;

const postAlert = (json: Record<string, unknown>) => request('/api/alerts', { method: 'POST', json });

/** The emails written to `address`, oldest first. */
const emailsTo = (address: string) => sentEmails().filter((mail) => mail.includes(`To: ${address}`));

/** Sets up an alert and confirms it from its email; returns the address and the confirmation link's token. */
async function confirmedAlert(json: Record<string, unknown>, email = newAddress()) {
  expect((await postAlert({ email, ...json })).status).toBe(202);
  const mail = await waitForEmail((text) => text.includes(`To: ${email}`) && text.includes('/alerts/confirm?token='));
  const token = tokenIn(mail, '/alerts/confirm');
  const confirmed = await request('/api/alerts/confirm', { method: 'POST', json: { token } });
  expect(confirmed.status).toBe(200);
  return { email, token };
}

/** Confirmed alerts waiting in an area, as the demand domain keeps them (exact: the pages round them). */
async function waitingIn(kind: 'zip' | 'county' | 'state', code: string) {
  const [row] = await testSql()<{ waiting: number }[]>`
    select waiting from demand_areas where area_kind = ${kind} and area_code = ${code}`;
  return row?.waiting ?? 0;
}

/** A club the admin has just verified, taking members, at `zipCode`; online when said. */
async function listClub(
  zipCode: string,
  { format = 'in-person', accepting = true }: { format?: 'in-person' | 'online' | 'hybrid'; accepting?: boolean } = {},
) {
  const clubName = `Alert Circle ${unique()}`;
  const club = await insertClub(testSql(), {
    clubName,
    zipCode,
    isVerified: true,
    meetings: {
      meetingSlots: [{ weekday: 'tuesday', start: '19:00', durationMinutes: 90 }],
      meetingFrequency: 'weekly',
      meetingFormat: format,
      ...(format !== 'in-person' && { videoLink: 'https://meet.example.org/circle' }),
      ...(format !== 'online' && { venueName: 'Main Library' }),
      timeZone: 'America/Denver',
    },
  });
  if (!accepting) await testSql()`update clubs set accepting_members = false where id = ${club.id}`;
  return { id: club.id, clubName };
}

async function fieldErrors(response: Response): Promise<Record<string, string[]>> {
  expect(response.status).toBe(400);
  return ((await response.json()) as { error: { fieldErrors: Record<string, string[]> } }).error.fieldErrors;
}

describe('setting up an alert (double opt-in)', () => {
  it('sends one confirmation email quoting only the resolved place, and nothing else until the address confirms', async () => {
    const email = newAddress();
    const response = await postAlert({ email, place: '78704', distance: 25, includeOnline: false });
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ success: true, title: 'Check your inbox' });

    const mail = await waitForEmail((text) => text.includes(`To: ${email}`));
    expect(mail).toContain('Subject: Confirm your club alert for Austin, TX 78704');
    expect(mail).toContain('within 25 miles of Austin, TX 78704');
    expect(mail).not.toContain('List-Unsubscribe');
    const [stored] = await testSql()<{ confirmedAt: Date | null; placeLabel: string; zipCode: string; state: string }[]>`
      select confirmed_at, place_label, zip_code, state from alerts where email = ${email}`;
    expect(stored).toMatchObject({ confirmedAt: null, placeLabel: 'Austin, TX 78704', zipCode: '78704', state: 'TX' });

    // A club starts 2.4 miles away: an unconfirmed alert matches nothing and gets no email.
    await listClub('78701');
    await runAlertJob();
    expect(await testSql()`select 1 from alert_matches m join alerts a on a.id = m.alert_id where a.email = ${email}`).toHaveLength(0);
    expect(await outboxTo(email)).toHaveLength(1);

    // Opening the link confirms nothing (mail scanners follow links); the button does.
    const token = tokenIn(mail, '/alerts/confirm');
    const page = await request(`/alerts/confirm?token=${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Confirm the alert');
    expect((await testSql()`select 1 from alerts where email = ${email} and confirmed_at is null`).length).toBe(1);

    const confirmed = await request('/api/alerts/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    });
    expect(confirmed.status).toBe(303);
    const location = confirmed.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^/alerts\\?token=${token}&confirmed=\\d+$`));
    const yours = await (await request(location)).text();
    expect(yours).toContain('Your alert is confirmed');
    const [after] = await testSql()<
      { confirmedAt: Date; expiresAt: Date }[]
    >`select confirmed_at, expires_at from alerts where email = ${email}`;
    expect(after!.expiresAt.getTime() - after!.confirmedAt.getTime()).toBeGreaterThan(364 * DAY_MS);
  });

  it('works without JavaScript: the form posts through the bridge, and /alerts shows the outcome or the field messages', async () => {
    const email = newAddress();
    const post = (fields: Record<string, string>) =>
      request('/api/alerts', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', referer: new URL('/flamekeeper-clubs', baseUrl).href },
        body: new URLSearchParams(fields).toString(),
      });
    const pageAfter = async (response: Response) => {
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/alerts');
      const cookie = response.headers
        .getSetCookie()
        .map((set) => set.split(';')[0])
        .join('; ');
      return (await request('/alerts', { headers: { cookie } })).text();
    };

    expect(await pageAfter(await post({ email, place: '78704', distance: '50', includeOnline: 'on' }))).toContain('Check your inbox');
    const [stored] = await testSql()<{ distanceMiles: number; includeOnline: boolean }[]>`
      select distance_miles, include_online from alerts where email = ${email}`;
    expect(stored).toEqual({ distanceMiles: 50, includeOnline: true });

    const refused = await pageAfter(await post({ email, place: 'Texas', distance: '25' }));
    expect(refused).toContain('a whole state is too large for an alert');
    expect(refused).not.toContain(email);
  });

  it('refuses what the search cannot read as one place, with field messages', async () => {
    const email = newAddress();
    expect(Object.keys(await fieldErrors(await postAlert({ place: '78704' })))).toEqual(['email']);
    expect((await fieldErrors(await postAlert({ email, place: '78704', distance: 30 }))).distance).toEqual(['Choose 10, 25 or 50 miles']);
    expect((await fieldErrors(await postAlert({ email, place: 'Texas' }))).place![0]).toMatch(/whole state is too large/);
    expect((await fieldErrors(await postAlert({ email, place: '00000' }))).place![0]).toMatch(/We don't know the ZIP code 00000/);
    expect((await fieldErrors(await postAlert({ email, place: 'Springfield' }))).place![0]).toMatch(/^Which one\? .*Springfield, IL/);
    expect((await fieldErrors(await postAlert({ email, place: 'Nowhere Special Xq' }))).place![0]).toMatch(/could not find that place/);
    expect(await testSql()`select 1 from alerts where email = ${email}`).toHaveLength(0);
  });

  it('refuses in Spanish for a Spanish page, the island’s call and the form posted without JavaScript alike', async () => {
    const email = newAddress();
    const spanish = (json: Record<string, unknown>) =>
      request('/api/alerts', { method: 'POST', json, headers: { 'x-page-language': 'es' } });
    expect(await fieldErrors(await spanish({ place: 'x' }))).toEqual({
      email: ['Se necesita un correo electrónico válido'],
      place: ['Escribe un código postal o una ciudad'],
    });
    expect((await fieldErrors(await spanish({ email, place: '78704', distance: 30 }))).distance).toEqual(['Elige 10, 25 o 50 millas']);
    expect((await fieldErrors(await spanish({ email, place: '00000' }))).place).toEqual([
      'No conocemos el código postal 00000. Revísalo o escribe una ciudad',
    ]);
    expect((await fieldErrors(await spanish({ email, place: 'Springfield' }))).place![0]).toMatch(
      /^¿Cuál\? Escribe también el estado: .*Springfield, IL/,
    );

    const posted = await request('/api/alerts', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: new URL('/es/flamekeeper-clubs', baseUrl).href },
      body: new URLSearchParams({ email, place: 'Texas', distance: '25' }).toString(),
    });
    expect(posted.status).toBe(303);
    // Shown on the Spanish twin of /alerts (issue 42), the page of the language it was posted in.
    expect(posted.headers.get('location')).toBe('/es/alerts');
    const cookie = posted.headers
      .getSetCookie()
      .map((set) => set.split(';')[0])
      .join('; ');
    expect(await (await request('/es/alerts', { headers: { cookie } })).text()).toContain(
      'un estado entero es demasiado grande para una alerta',
    );
  });

  it('answers the same whatever the address already has; at 10 alerts its email says so instead of adding one', async () => {
    const email = newAddress();
    const first = await postAlert({ email, place: '30303' });
    const body = await first.json();
    // The same alert again, unconfirmed: the confirmation goes again, no second alert.
    const again = await postAlert({ email, place: '30303' });
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual(body);
    expect(await testSql()`select 1 from alerts where email = ${email}`).toHaveLength(1);

    for (const miles of [10, 50])
      for (const includeOnline of [false, true]) await postAlert({ email, place: '30303', distance: miles, includeOnline });
    for (const place of ['30305', '30060', '97201', '97205', '98101']) await postAlert({ email, place });
    expect(await testSql()`select 1 from alerts where email = ${email}`).toHaveLength(10);

    const eleventh = await postAlert({ email, place: '98104' });
    expect(eleventh.status).toBe(202);
    expect(await eleventh.json()).toEqual(body);
    expect(await testSql()`select 1 from alerts where email = ${email}`).toHaveLength(10);
    const full = await waitForEmail((text) => text.includes(`To: ${email}`) && text.includes('no room for another'));
    expect(full).toContain('already has 10 alerts');
    expect(full).toContain('/alerts?token=');
  });
});

describe('matching new clubs', () => {
  it('emails a confirmed alert the clubs that start within its distance, hybrid ones too, and online clubs only when it includes them', async () => {
    const near = await confirmedAlert({ place: '80202', distance: 10, includeOnline: false });
    const wide = await confirmedAlert({ place: '80202', distance: 25, includeOnline: true });

    const aurora = await listClub('80010'); // 7.0 miles from 80202
    const longmont = await listClub('80501'); // 30.2 miles
    const online = await listClub('80903', { format: 'online' }); // 63.6 miles, online
    const hybrid = await listClub('80220', { format: 'hybrid' }); // within 10 miles, meets in person and online
    const onlineNearby = await listClub('80205', { format: 'online' }); // within 10 miles, but meets only online
    const closed = await listClub('80226', { accepting: false }); // 5.8 miles, takes no new members
    const now = soon();
    await runAlertJob(now);

    const nearMail = await waitForEmail((text) => text.includes(`To: ${near.email}`) && text.includes('2 new clubs near'));
    expect(nearMail).toContain('Subject: 2 new clubs near Denver, CO 80202');
    expect(nearMail).toContain(`${aurora.clubName}: in Testville, TX, 7.0 miles from Denver, CO 80202.`);
    expect(nearMail).toMatch(/Next session: Tue, \w{3} \d{1,2}, 7:00 PM MST\./);
    expect(nearMail).toMatch(new RegExp(`https?://[^/\\s]+${clubPagePath(aurora)}\\s`));
    expect(nearMail).toContain(`Ask to join ${aurora.clubName}`);
    expect(nearMail).toContain(`${clubPagePath(aurora)}#connect-heading`);
    expect(nearMail).toContain(hybrid.clubName);
    for (const other of [longmont, online, onlineNearby, closed]) expect(nearMail).not.toContain(other.clubName);

    const wideMail = await waitForEmail((text) => text.includes(`To: ${wide.email}`) && text.includes('4 new clubs near'));
    for (const listed of [aurora, hybrid]) expect(wideMail).toContain(listed.clubName);
    expect(wideMail).toContain(`${online.clubName}: meets online`);
    expect(wideMail).toContain(`${onlineNearby.clubName}: meets online`);
    expect(wideMail).not.toContain(longmont.clubName);
    expect(wideMail).not.toContain(closed.clubName);

    // The club that took no members switches joining back on: news to the alerts within 10 miles, a day later.
    await testSql()`update clubs set accepting_members = true where id = ${closed.id}`;
    await runAlertJob(new Date(now.getTime() + HOUR_MS));
    expect(await outboxTo(near.email)).toHaveLength(2); // the confirmation and the first day's email
    await runAlertJob(new Date(now.getTime() + DAY_MS + HOUR_MS));
    const reopened = await waitForEmail((text) => text.includes(`To: ${near.email}`) && text.includes(closed.clubName));
    expect(reopened).toContain('5.8 miles from Denver, CO 80202');
  });

  it('makes several matches of a day one email, and sends the next a day later at the earliest', async () => {
    const alert = await confirmedAlert({ place: '98101', distance: 50 });
    const first = await listClub('98104');
    const second = await listClub('98109');
    const now = soon();
    await runAlertJob(now);
    const mail = await waitForEmail((text) => text.includes(`To: ${alert.email}`) && text.includes('2 new clubs near Seattle, WA 98101'));
    expect(mail).toContain(first.clubName);
    expect(mail).toContain(second.clubName);

    const third = await listClub('98052');
    await runAlertJob(new Date(now.getTime() + 2 * HOUR_MS));
    await runAlertJob(new Date(now.getTime() + 20 * HOUR_MS));
    expect(await outboxTo(alert.email)).toHaveLength(2);
    await runAlertJob(new Date(now.getTime() + DAY_MS));
    const next = await waitForEmail((text) => text.includes(`To: ${alert.email}`) && text.includes(third.clubName));
    expect(next).toContain(`Subject: A new club near Seattle, WA 98101: ${third.clubName}`);
    expect(next).not.toContain(first.clubName);
    expect(await outboxTo(alert.email)).toHaveLength(3);
  });
});

describe('a club that takes no new members', () => {
  it('"tell me when it takes new members": double opt-in, then one email when the host switches joining back on', async () => {
    const closed = await listClub('59601', { accepting: false });
    const email = newAddress();
    const post = (json: Record<string, unknown>) => request('/api/alerts/club', { method: 'POST', json });
    expect((await fieldErrors(await post({ email }))).clubId).toEqual(['Choose a club']);
    expect((await post({ email, clubId: 999_999 })).status).toBe(404);
    const open = await listClub('59602');
    expect((await post({ email, clubId: open.id })).status).toBe(409);

    const response = await post({ email, clubId: closed.id });
    expect(response.status).toBe(202);
    const mail = await waitForEmail((text) => text.includes(`To: ${email}`));
    expect(mail).toContain(`Subject: Confirm your club alert for ${closed.clubName}`);
    expect(mail).toContain(`when ${closed.clubName} takes new members again`);
    const token = tokenIn(mail, '/alerts/confirm');
    expect((await request('/api/alerts/confirm', { method: 'POST', json: { token } })).status).toBe(200);
    expect(await (await request(`/alerts?token=${token}`)).text()).toContain(`${closed.clubName} taking new members again`);

    await runAlertJob();
    expect(await outboxTo(email)).toHaveLength(1);
    await testSql()`update clubs set accepting_members = true where id = ${closed.id}`;
    await runAlertJob();
    const reopened = await waitForEmail((text) => text.includes(`To: ${email}`) && text.includes('takes new members again,'));
    expect(reopened).toContain(`Subject: ${closed.clubName} takes new members again`);
    expect(reopened).toContain(`${clubPagePath(closed)}#connect-heading`);
    expect(reopened).not.toContain(open.clubName);
  });

  it('the club page offers the form while joining is off, and it works without JavaScript', async () => {
    const closed = await listClub('59601', { accepting: false });
    const page = clubPagePath(closed);
    const html = await (await request(page)).text();
    expect(html).toContain(`Tell me when ${closed.clubName} takes new members`);
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/api\/alerts\/club"/);

    const email = newAddress();
    const posted = await request('/api/alerts/club', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: new URL(page, baseUrl).href },
      body: new URLSearchParams({ clubId: String(closed.id), email }).toString(),
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(page);
    const cookie = posted.headers
      .getSetCookie()
      .map((set) => set.split(';')[0])
      .join('; ');
    expect(await (await request(page, { headers: { cookie } })).text()).toContain('Check your inbox');
    expect(await testSql()`select 1 from alerts where email = ${email} and kind = 'club' and club_id = ${closed.id}`).toHaveLength(1);
  });
});

describe('stopping alerts', () => {
  it('one-click unsubscribe (RFC 8058): a POST without cookies or Origin deletes the alert and its address', async () => {
    const alert = await confirmedAlert({ place: '97201', distance: 10 });
    const club = await listClub('97205');
    await runAlertJob();
    const mail = await waitForEmail((text) => text.includes(`To: ${alert.email}`) && text.includes(club.clubName));
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const unsubscribe = unsubscribeHeaderOf(alert.email, club.clubName);
    expect(new URL(unsubscribe).pathname).toBe('/api/alerts/unsubscribe');
    // The email's Your alerts link opens the address's page.
    expect(await (await request(`/alerts?token=${tokenIn(mail, '/alerts')}`)).text()).toContain('within 10 miles of Portland, OR 97201');

    // A cross-site form post to any other path is still refused.
    const token = new URL(unsubscribe).searchParams.get('token')!;
    const foreign = await fetch(new URL('/api/alerts/delete', baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, all: 'true' }).toString(),
    });
    expect(foreign.status).toBe(403);

    const response = await fetch(new URL(new URL(unsubscribe).pathname + new URL(unsubscribe).search, baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect(await testSql()`select 1 from alerts where email = ${alert.email}`).toHaveLength(0);
    // Its links are gone with the address's last alert: the page no longer opens.
    expect((await request(`/alerts?token=${token}`)).status).toBe(404);
    // A reader that posts twice gets 404, never a 500.
    expect((await fetch(unsubscribe.replace(/^https?:\/\/[^/]+/, baseUrl.replace(/\/$/, '')), { method: 'POST' })).status).toBe(404);
  });

  it('"Your alerts" lists the address\'s alerts by the token of any of its emails and deletes one, then all', async () => {
    const email = newAddress();
    await postAlert({ email, place: '78704', distance: 10 });
    await postAlert({ email, place: '78664', distance: 50, includeOnline: true });
    await postAlert({ email: newAddress(), place: '78664' }); // someone else's
    await waitForEmail((text) => text.includes(`To: ${email}`) && text.includes('Round Rock, TX 78664'));
    const token = tokenIn(emailsTo(email)[0]!, '/alerts/confirm');

    const page = await request(`/alerts?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toContain('no-store');
    const html = await page.text();
    expect(html).toContain('within 10 miles of Austin, TX 78704');
    expect(html).toContain('within 50 miles of Round Rock, TX 78664, and online clubs anywhere');
    expect(html).not.toContain(email);
    expect(html.match(/data-alert="/g)).toHaveLength(2);

    const [austin] = await testSql()<{ id: string }[]>`select id from alerts where email = ${email} and zip_code = '78704'`;
    const form = (fields: Record<string, string>) =>
      request('/api/alerts/delete', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token, ...fields }).toString(),
      });
    const deleted = await form({ alertId: austin!.id });
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get('location')).toBe(`/alerts?token=${token}&deleted=1`);
    expect(await testSql()`select 1 from alerts where email = ${email}`).toHaveLength(1);
    // The link of the deleted alert's email still opens the page while the address has alerts.
    const after = await (await request(`/alerts?token=${token}`)).text();
    expect(after.match(/data-alert="/g)).toHaveLength(1);

    expect((await form({ all: 'true' })).status).toBe(303);
    expect(await testSql()`select 1 from alerts where email = ${email}`).toHaveLength(0);
    expect(await testSql()`select 1 from alerts where zip_code = '78664' and email <> ${email}`).not.toHaveLength(0);
    expect((await request(`/alerts?token=${token}`)).status).toBe(404);
    expect((await request(`/alerts?token=${'x'.repeat(43)}`)).status).toBe(404);
  });
});

describe('the people waiting that demand counts', () => {
  it('counts an alert once it is confirmed, in its ZIP code, county and state, and no longer once it is deleted', async () => {
    const before = {
      zip: await waitingIn('zip', '59802'),
      county: await waitingIn('county', '30063'),
      state: await waitingIn('state', 'MT'),
    };
    const email = newAddress();
    expect((await postAlert({ email, place: '59802', distance: 25 })).status).toBe(202);
    // Unconfirmed: nobody is waiting yet.
    expect(await waitingIn('zip', '59802')).toBe(before.zip);
    const mail = await waitForEmail((text) => text.includes(`To: ${email}`) && text.includes('/alerts/confirm?token='));
    const token = tokenIn(mail, '/alerts/confirm');
    for (let i = 0; i < 2; i++) expect((await request('/api/alerts/confirm', { method: 'POST', json: { token } })).status).toBe(200);
    // Confirmed twice, counted once.
    expect(await waitingIn('zip', '59802')).toBe(before.zip + 1);
    expect(await waitingIn('county', '30063')).toBe(before.county + 1);
    expect(await waitingIn('state', 'MT')).toBe(before.state + 1);

    expect((await request('/api/alerts/delete', { method: 'POST', json: { token, all: true } })).status).toBe(200);
    expect(await waitingIn('zip', '59802')).toBe(before.zip);
    expect(await waitingIn('state', 'MT')).toBe(before.state);
  });

  it("counts an alert on a city once, in one of the city's ZIP codes and in its state", async () => {
    const waitingByZip = async () =>
      testSql()<{ zip: string; waiting: number }[]>`
        select z.zip, coalesce(d.waiting, 0) as waiting
        from zip_codes z left join demand_areas d on d.area_kind = 'zip' and d.area_code = z.zip
        where z.city = 'Missoula' and z.state = 'MT' order by z.zip`;
    const before = await waitingByZip();
    const stateBefore = await waitingIn('state', 'MT');
    await confirmedAlert({ place: 'Missoula, MT', distance: 10 });
    const after = await waitingByZip();
    const changed = after.filter((row, i) => row.waiting !== before[i]!.waiting);
    expect(changed).toHaveLength(1);
    expect(changed[0]!.waiting).toBe(before.find((row) => row.zip === changed[0]!.zip)!.waiting + 1);
    expect(await waitingIn('state', 'MT')).toBe(stateBefore + 1);
  });
});

describe("an account's data", () => {
  it("the JSON export of a signed-in account includes the alerts on its address, and no one else's", async () => {
    const host = await registerHost();
    await postAlert({ email: host.payload.email, place: '30303', distance: 50 });
    await postAlert({ email: newAddress(), place: '30303' });
    const response = await request('/api/account/export', { headers: asUser(host.token) });
    expect(response.status).toBe(200);
    const data = (await response.json()) as { alerts: { placeLabel: string; distanceMiles: number; confirmedAt: string | null }[] };
    expect(data.alerts).toEqual([expect.objectContaining({ placeLabel: 'Atlanta, GA 30303', distanceMiles: 50, confirmedAt: null })]);
  });

  it("deleting the account deletes the alerts on its address, which no longer count as people waiting, and no one else's", async () => {
    const host = await registerHost();
    const before = await waitingIn('zip', '30305');
    await confirmedAlert({ place: '30305' }, host.payload.email as string);
    const someoneElse = await confirmedAlert({ place: '30305' });
    expect(await waitingIn('zip', '30305')).toBe(before + 2);

    const deleted = await request('/api/account/delete', {
      method: 'POST',
      json: { currentPassword: host.payload.password },
      headers: asUser(host.token),
    });
    expect(deleted.status).toBe(200);
    const alertsOf = (email: string) => testSql()`select 1 from alerts where lower(email) = lower(${email})`;
    expect(await alertsOf(host.payload.email as string)).toHaveLength(0);
    expect(await alertsOf(someoneElse.email)).toHaveLength(1);
    expect(await waitingIn('zip', '30305')).toBe(before + 1);
  });
});

describe('limits', () => {
  const own = useRealLimitsServer();
  const post = (json: Record<string, unknown>) =>
    fetch(new URL('/api/alerts', own.server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: own.server.url.replace(/\/$/, '') },
      body: JSON.stringify(json),
    });

  it('at most 3 confirmation emails a day to one mailbox, however it is spelled, and the answer does not change', async () => {
    const local = `limit.${unique()}`;
    const spellings = [`${local}@example.com`, `${local}+a@example.com`, `${local.toUpperCase()}@example.com`, `${local}+b@example.com`];
    const places = ['78704', '78664', '80202', '98101'];
    const answers = [];
    for (const [index, email] of spellings.entries()) answers.push(await (await post({ email, place: places[index] })).json());
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    const queued = await own.sql`select 1 from outbox where recipient ilike ${`${local}%@example.com`}`;
    expect(queued).toHaveLength(3);
    expect(await own.sql`select 1 from alerts where email ilike ${`${local}%@example.com`}`).toHaveLength(3);
  });

  it('at most 5 alerts an hour from one client', async () => {
    for (let n = 0; n < 5; n += 1) expect((await post({ email: newAddress(), place: '78704' })).status).toBe(202);
    const sixth = await post({ email: newAddress(), place: '78704' });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

// Last in the file: the job runs as of weeks and a year ahead, which ends whatever alerts this file's database holds.
describe('the end of an alert', () => {
  it('deletes unconfirmed alerts after 7 days, asks "Keep this alert?" 14 days before the end, and deletes ended ones', async () => {
    const unconfirmed = newAddress();
    await postAlert({ email: unconfirmed, place: '30303' });
    const kept = await confirmedAlert({ place: '30305' });
    const ending = await confirmedAlert({ place: '30060' });
    const now = soon().getTime();

    await runAlertJob(new Date(now + 6 * DAY_MS));
    expect(await testSql()`select 1 from alerts where email = ${unconfirmed}`).toHaveLength(1);
    await runAlertJob(new Date(now + 7 * DAY_MS + HOUR_MS));
    expect(await testSql()`select 1 from alerts where email = ${unconfirmed}`).toHaveLength(0);

    const askDay = new Date(now + 352 * DAY_MS);
    await runAlertJob(askDay);
    const ask = await waitForEmail((text) => text.includes(`To: ${kept.email}`) && text.includes('Keep your club alert'));
    expect(ask).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    await waitForEmail((text) => text.includes(`To: ${ending.email}`) && text.includes('Keep your club alert'));
    await runAlertJob(new Date(askDay.getTime() + HOUR_MS));
    expect((await outboxTo(kept.email)).filter(({ subject }) => subject.startsWith('Keep'))).toHaveLength(1);

    const keepToken = tokenIn(ask, '/alerts/keep');
    expect(await (await request(`/alerts/keep?token=${keepToken}`)).text()).toContain('Keep this alert');
    expect((await request('/api/alerts/keep', { method: 'POST', json: { token: keepToken } })).status).toBe(200);

    await runAlertJob(new Date(now + 367 * DAY_MS));
    expect(await testSql()`select 1 from alerts where email = ${ending.email}`).toHaveLength(0);
    expect(await testSql()`select 1 from alerts where email = ${kept.email}`).toHaveLength(1);
  });
});
