import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { guidePagePath } from '#lib/guides/types.ts';
import { insertClub } from '../support/clubs.ts';
import { baseUrl, request, testSql, useRealLimitsServer, waitForEmail } from '../support/api.ts';
import { outboxTo, runAlertJob, soon, tokenIn, unsubscribeHeaderOf } from '../support/alerts.ts';

// Issue 39, the guide alerts: "Tell me when a guide serves {place}" (on /guides), with the club alerts' double opt-in,
// links, one email a day, one-click unsubscribe and limits, which every kind of alert shares (tests/api/alerts.test.ts
// tests those of the club alerts and of "Tell me when {club} takes new members").

const DAY_MS = 86_400_000;
const unique = () => randomBytes(4).toString('hex');
const newAddress = () => `watch.${unique()}@example.com`;
const postGuideAlert = (json: Record<string, unknown>) => request('/api/alerts/guides', { method: 'POST', json });
const postClubAlert = (json: Record<string, unknown>) => request('/api/alerts/club', { method: 'POST', json });

/** Confirms the alert of the confirmation email sent to `email`. */
async function confirmFromEmail(email: string): Promise<string> {
  const mail = await waitForEmail((text) => text.includes(`To: ${email}`) && text.includes('/alerts/confirm?token='));
  const token = tokenIn(mail, '/alerts/confirm');
  expect((await request('/api/alerts/confirm', { method: 'POST', json: { token } })).status).toBe(200);
  return mail;
}

/** A listed guide: certified, holding an active shared licence on `state`. */
async function listGuide(state: string): Promise<{ id: number; name: string; userId: string }> {
  const name = `Guide ${unique()}`;
  return testSql().begin(async (tx) => {
    const [user] = await tx<{ id: string }[]>`
      insert into users (email, password_hash, role) values (${`${name.replace(' ', '.')}@example.com`}, 'not-a-real-hash', 'guide') returning id`;
    const [guide] = await tx<{ id: number }[]>`
      insert into guides (user_id, name, certified_on) values (${user!.id}, ${name}, '2026-01-15') returning public_id as id`;
    await tx`
      insert into licences (guide_id, kind, area_kind, state_code, status, starts_at, ends_at)
      values (${user!.id}, 'shared', 'state', ${state}, 'active', now(), now() + interval '1 year')`;
    return { id: guide!.id, name, userId: user!.id };
  });
}

/** A verified club whose joining is off, in `zipCode`. */
async function closedClub(zipCode: string) {
  const clubName = `Closed Circle ${unique()}`;
  const club = await insertClub(testSql(), {
    clubName,
    zipCode,
    isVerified: true,
    meetings: {
      meetingSlots: [{ weekday: 'tuesday', start: '19:00', durationMinutes: 90 }],
      meetingFrequency: 'weekly',
      meetingFormat: 'in-person',
      venueName: 'Main Library',
      timeZone: 'America/Denver',
    },
  });
  await testSql()`update clubs set accepting_members = false where id = ${club.id}`;
  return { id: club.id, clubName };
}

async function fieldErrors(response: Response): Promise<Record<string, string[]>> {
  expect(response.status).toBe(400);
  return ((await response.json()) as { error: { fieldErrors: Record<string, string[]> } }).error.fieldErrors;
}

describe('guide alerts: "Tell me when a guide serves {place}"', () => {
  it('double opt-in, then one email a day naming each guide newly serving the place, with its page and one-click unsubscribe', async () => {
    const email = newAddress();
    const response = await postGuideAlert({ email, place: '59901' });
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ success: true, title: 'Check your inbox' });
    const confirmation = await waitForEmail((text) => text.includes(`To: ${email}`));
    expect(confirmation).toContain('Subject: Confirm your guide alert for Kalispell, MT 59901');
    expect(confirmation).toContain('when a guide serves Kalispell, MT 59901');
    expect(confirmation).not.toContain('List-Unsubscribe');
    const [stored] = await testSql()<{ kind: string; zipCode: string; state: string }[]>`
      select kind, zip_code, state from alerts where email = ${email}`;
    expect(stored).toEqual({ kind: 'guides', zipCode: '59901', state: 'MT' });

    // Not confirmed: a guide listed for the place sends nothing.
    const first = await listGuide('MT');
    await runAlertJob();
    expect(await outboxTo(email)).toHaveLength(1);

    // Confirmed, the guide already listed is news to the alert: one email, naming the guide with its page.
    await confirmFromEmail(email);
    const now = soon();
    await runAlertJob(now);
    const mail = await waitForEmail((text) => text.includes(`To: ${email}`) && text.includes('now serves'));
    expect(mail).toContain(`Subject: A guide now serves Kalispell, MT 59901: ${first.name}`);
    expect(mail).toContain(guidePagePath(first));
    // Read from the message as written: decoding it as quoted-printable would change a token's "=4F".
    expect(unsubscribeHeaderOf(email, first.name)).toMatch(/^http:\/\/[^>]+\/api\/alerts\/unsubscribe\?token=[A-Za-z0-9_-]{43}$/);
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail).toContain('/alerts?token=');

    // Nothing changes: nothing more is sent, that day or later.
    await runAlertJob(new Date(now.getTime() + 2 * DAY_MS));
    expect(await outboxTo(email)).toHaveLength(2);

    // A second guide within a day of the last email waits for the next day: one email a day at most.
    await testSql()`update alerts set last_emailed_at = ${now} where email = ${email}`;
    const second = await listGuide('MT');
    await runAlertJob(new Date(now.getTime() + DAY_MS / 2));
    expect(await outboxTo(email)).toHaveLength(2);
    await runAlertJob(new Date(now.getTime() + DAY_MS + 60_000));
    expect(await outboxTo(email)).toHaveLength(3);
    const next = await waitForEmail((text) => text.includes(`To: ${email}`) && text.includes(second.name));
    expect(next).not.toContain(first.name);
    expect(next).toContain(guidePagePath(second));

    // The "Your alerts" page names the alert by what it watches.
    const page = await (await request(`/alerts?token=${tokenIn(next, '/alerts')}`)).text();
    expect(page).toContain('A guide who serves Kalispell, MT 59901');

    // 14 days before its end, "Keep this alert?" names it as a guide alert.
    const [{ expires }] = await testSql()<{ expires: Date }[]>`select expires_at as expires from alerts where email = ${email}`;
    await runAlertJob(new Date(expires.getTime() - 10 * DAY_MS));
    const keep = await waitForEmail((text) => text.includes(`To: ${email}`) && text.includes('Subject: Keep your'));
    expect(keep).toContain('Subject: Keep your guide alert for Kalispell, MT 59901?');
    expect(keep).toContain('an email when a guide serves Kalispell, MT 59901');
    expect(keep).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // A guide alert is no one waiting for a club: demand does not count it.
    expect(await testSql()`select 1 from demand_areas where area_kind = 'zip' and area_code = '59901' and waiting > 0`).toHaveLength(0);
  });

  it('refuses a bad address, a state or an unknown place with field messages (400)', async () => {
    expect(Object.keys(await fieldErrors(await postGuideAlert({ email: 'not-an-address', place: '59901' })))).toEqual(['email']);
    expect((await fieldErrors(await postGuideAlert({ email: newAddress(), place: 'Montana' }))).place?.[0]).toContain('too large');
    expect((await fieldErrors(await postGuideAlert({ email: newAddress(), place: '00000' }))).place).toHaveLength(1);
    expect(Object.keys(await fieldErrors(await postGuideAlert({ place: '59901' })))).toEqual(['email']);
  });

  it('works without JavaScript: the form posts through the bridge, and /alerts shows the outcome or the field messages', async () => {
    const email = newAddress();
    const post = (path: string, fields: Record<string, string>) =>
      request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', referer: new URL('/guides', baseUrl).href },
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
    expect(await pageAfter(await post('/api/alerts/guides', { email, place: '59901' }))).toContain('Check your inbox');
    expect(await testSql()`select 1 from alerts where email = ${email} and kind = 'guides'`).toHaveLength(1);
    const refused = await pageAfter(await post('/api/alerts/guides', { email, place: 'Montana' }));
    expect(refused).toContain('a whole state is too large for an alert');
    expect(refused).not.toContain(email);
  });

  it('/guides offers the form when nobody serves the place, and not when a guide does', async () => {
    const none = await (await request('/guides?place=82001')).text();
    expect(none).toContain('Tell me when a guide serves');
    expect(none).toContain('action="/api/alerts/guides"');
    await listGuide('WY');
    const served = await (await request('/guides?place=82001')).text();
    expect(served).not.toContain('Tell me when a guide serves');
  });
});

describe('every kind of alert, on one address', () => {
  it('shares the limit of 10 alerts per address with the club alerts, and the same answer', async () => {
    const email = newAddress();
    for (const place of ['30303', '30305', '30060', '97201', '97205', '98101', '98104', '78704'])
      expect((await request('/api/alerts', { method: 'POST', json: { email, place } })).status).toBe(202);
    expect((await postGuideAlert({ email, place: '59901' })).status).toBe(202);
    const club = await closedClub('80204');
    expect((await postClubAlert({ email, clubId: club.id })).status).toBe(202);
    expect(await testSql()`select kind from alerts where email = ${email}`).toHaveLength(10);

    const other = await closedClub('80205');
    const eleventh = await postClubAlert({ email, clubId: other.id });
    expect(eleventh.status).toBe(202);
    expect((await postGuideAlert({ email, place: '82001' })).status).toBe(202);
    expect(await testSql()`select 1 from alerts where email = ${email}`).toHaveLength(10);
    const full = await waitForEmail((text) => text.includes(`To: ${email}`) && text.includes('no room for another'));
    expect(full).toContain('already has 10 alerts');
  });
});

describe('limits shared by every kind of alert', () => {
  const own = useRealLimitsServer();
  const post = (path: string, json: Record<string, unknown>) =>
    fetch(new URL(path, own.server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: own.server.url.replace(/\/$/, '') },
      body: JSON.stringify(json),
    });

  it('5 alerts an hour from one client, of any kind', async () => {
    for (let n = 0; n < 3; n += 1) expect((await post('/api/alerts', { email: newAddress(), place: '78704' })).status).toBe(202);
    for (let n = 0; n < 2; n += 1) expect((await post('/api/alerts/guides', { email: newAddress(), place: '78704' })).status).toBe(202);
    const sixth = await post('/api/alerts/guides', { email: newAddress(), place: '78704' });
    expect(sixth.status).toBe(429);
    expect((await post('/api/alerts/club', { email: newAddress(), clubId: 1 })).status).toBe(429);
  });
});
