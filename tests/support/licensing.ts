import { expect } from 'vitest';
import type { AdminLicence, AreaCard, Licence, Reservation } from '#lib/licensing/types.ts';
import { applyLicenceTransitions } from '#server/licensing/transitions.ts';
import { asUser, request, sentEmails, sessionTokenFrom, testSql, waitForEmail } from './api.ts';

let sequence = 0;

/**
 * A new guide account through the API, signed in: its email and session token. Its email is confirmed through the
 * emailed link, as a guide would before reserving, unless `confirmed` is false.
 */
export async function registerGuide(
  overrides: Record<string, unknown> = {},
  { confirmed = true } = {},
): Promise<{ email: string; token: string }> {
  sequence += 1;
  const email = `guide.${Date.now()}.${process.pid}.${sequence}@example.com`;
  const response = await request('/api/guides/register', {
    method: 'POST',
    json: { name: 'Jordan Ember', email, password: 'kindling-42', confirmPassword: 'kindling-42', phone: '', ...overrides },
  });
  if (response.status !== 201) throw new Error(`guide registration failed: ${response.status} ${await response.text()}`);
  const guide = { email, token: sessionTokenFrom(response)! };
  if (confirmed) await confirmEmail(guide);
  return guide;
}

const isConfirmationTo = (email: string) => (mail: string) => mail.includes(`To: ${email}`) && mail.includes('/confirm-email?token=');

/** The token of the latest confirmation link emailed to `email`, waiting for the job worker to send the first. */
export async function confirmationToken(email: string): Promise<string> {
  await waitForEmail(isConfirmationTo(email));
  const mail = sentEmails().filter(isConfirmationTo(email)).at(-1)!;
  return /\/confirm-email\?token=([A-Za-z0-9_-]{43})/.exec(mail)![1]!;
}

/** Has a confirmation link sent to the signed-in account (`Send the link again`) and opens it. */
export async function confirmEmail(account: { email: string; token: string }): Promise<void> {
  const sent = await request('/api/auth/email-confirmation', { method: 'POST', json: {}, headers: asUser(account.token) });
  expect(sent.status, await sent.clone().text()).toBe(202);
  const confirmed = await request('/api/auth/confirm-email', { method: 'POST', json: { token: await confirmationToken(account.email) } });
  expect(confirmed.status, await confirmed.clone().text()).toBe(200);
}

/** Asks to reserve a kind of licence on an area as the guide whose session this is. */
export function reserve(token: string, areaId: string, kind: 'shared' | 'exclusive'): Promise<Response> {
  return request('/api/licences', { method: 'POST', json: { areaId, kind }, headers: asUser(token) });
}

/** Reserves and expects it to succeed. */
export async function reserveOk(token: string, areaId: string, kind: 'shared' | 'exclusive'): Promise<Reservation> {
  const response = await reserve(token, areaId, kind);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Reservation;
}

/** The area card. */
export async function card(areaId: string): Promise<AreaCard> {
  const response = await request(`/api/areas/${areaId}`);
  expect(response.status).toBe(200);
  return (await response.json()) as AreaCard;
}

/** An admin action on a licence. */
export async function adminAction(adminToken: string, id: number, action: 'mark-paid' | 'revoke' | 'release'): Promise<AdminLicence> {
  const response = await request(`/api/admin/licences/${id}/${action}`, { method: 'POST', headers: asUser(adminToken) });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as AdminLicence;
}

/** A guide made listed the way the admin does it: registered, reserved (Vermont, shared), paid, certified. Signed in. */
export async function registerListedGuide(
  adminToken: string,
  name: string,
): Promise<{ email: string; token: string; publicId: number; userId: string; name: string }> {
  const guide = await registerGuide({ name });
  const reservation = await reserveOk(guide.token, 'state-VT', 'shared');
  await adminAction(adminToken, reservation.licence.id, 'mark-paid');
  const [row] = await testSql()<{ publicId: number; userId: string }[]>`
    select g.public_id as "publicId", g.user_id as "userId" from guides g join users u on u.id = g.user_id where u.email = ${guide.email}`;
  const certified = await request(`/api/admin/guides/${row!.userId}/certification`, {
    method: 'PUT',
    json: { certifiedOn: '2026-03-02' },
    headers: asUser(adminToken),
  });
  expect(certified.status).toBe(200);
  return { ...guide, ...row!, name };
}

/** The guide's licence as GET /api/licences lists it. */
export async function myLicence(token: string, id: number): Promise<Licence | undefined> {
  const response = await request('/api/licences', { headers: asUser(token) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { licences: Licence[] }).licences.find((licence) => licence.id === id);
}

/**
 * A ZIP code with people in `state` that is the only ZIP code of its county taken by this suite so far, and that
 * county: each test works in areas of its own, so that no test finds its area held by another test of its file.
 */
export async function pickArea(state: string, offset = 0): Promise<{ zip: string; county: string }> {
  const [row] = await testSql()<{ zcta: string; countyFips: string }[]>`
    select zcta, county_fips from census_zctas
    where state_code = ${state} and population > 1000
    order by county_fips, zcta
    offset ${offset} limit 1`;
  return { zip: `zip-${row!.zcta}`, county: `county-${row!.countyFips}` };
}

/** Runs the licence transitions as of `now`, as the worker's job and `npm run jobs:run -- --now` do. */
export const runTransitions = (now: Date) => applyLicenceTransitions({ sql: testSql(), now });

/** Subjects of the emails queued for `recipient`, oldest first. */
export async function emailSubjects(recipient: string): Promise<string[]> {
  const rows = await testSql()<{ subject: string }[]>`select subject from outbox where recipient = ${recipient} order by id`;
  return rows.map((row) => row.subject);
}

/** The stored end of a licence's term. */
export async function endOf(id: number): Promise<Date> {
  const [row] = await testSql()<{ endsAt: Date }[]>`select ends_at from licences where id = ${id}`;
  return row!.endsAt;
}

export const DAY_MS = 86_400_000;
