import { describe, expect, it } from 'vitest';
import { TEST_ADMIN, asUser, baseUrl, registerHost, request, sessionTokenFrom, signInAdmin } from '../support/api.ts';

// Issue 41 item 1: an email's link to a page that needs a sign-in, opened signed out (the usual case on a phone), dead-
// ended on "Club Not Found" or "Page Not Found". Now each such page offers the sign-in that fits it, which returns to
// the exact page, query and anchor; strangers still learn nothing of a club or an id (the same words for any), and the
// return address is only ever a page of this site (no open redirect).

const ADMIN_PAGES = ['/admin-clubs', '/admin-licences', '/admin-notifications', '/admin-orders', '/admin-demand'];

/** The ways of writing another site's address that a return parameter must not follow. */
const OFF_SITE = [
  '//evil.example',
  'https://evil.example',
  '/\\evil.example',
  '/%2F%2Fevil.example',
  '/%5Cevil.example',
  '/%252F%252Fevil.example',
  '/.//evil.example',
  '/\t/evil.example',
  'javascript:alert(1)',
];

/** An attribute's value as Astro writes it into the HTML. */
const attribute = (value: string) => value.replace(/&/g, '&amp;');

/** A form post from one of the site's pages, as a browser without JavaScript sends it. */
function postForm(path: string, fields: Record<string, string>, from: string) {
  return fetch(new URL(path, baseUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: baseUrl,
      referer: new URL(from, baseUrl).href,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

describe("a club's profile opened signed out", () => {
  it('offers the host sign-in returning to it, in the same words and status for a club that exists, one that does not and a malformed id', async () => {
    const host = await registerHost();
    const answers: string[] = [];
    for (const id of [String(host.clubId), '99999999', 'abc']) {
      const response = await request(`/club-profile/${id}?from=email`);
      const html = await response.text();
      expect(response.status, id).toBe(404);
      expect(html, id).toContain(attribute(`href="/club-registration?signin=true&return=%2Fclub-profile%2F${id}%3Ffrom%3Demail"`));
      expect(html, id).toMatch(/<h1[^>]*>Sign in to manage your club<\/h1>/);
      expect(html, id).not.toContain('Club Not Found');
      // Only the return address, the visitor's own, differs.
      answers.push(
        html.replaceAll(`/club-profile/${id}`, '/club-profile/{id}').replaceAll(`%2Fclub-profile%2F${id}`, '%2Fclub-profile%2F{id}'),
      );
    }
    expect(answers[0]).not.toContain(host.payload.clubName as string);
    expect(answers[1]).toBe(answers[0]);
    expect(answers[2]).toBe(answers[0]);
  });

  it('still tells a host whose session ended so (401), with the same sign-in back to the page', async () => {
    const host = await registerHost();
    await request('/api/logout', { method: 'POST', headers: { ...asUser(host.token), origin: baseUrl } });
    const response = await request(`/club-profile/${host.clubId}`, { headers: asUser(host.token) });
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain('Your session has ended');
    expect(html).toContain(attribute(`href="/club-registration?signin=true&return=%2Fclub-profile%2F${host.clubId}"`));
  });

  it("gives a signed-in host another club's Club Not Found, as before", async () => {
    const [mine, theirs] = [await registerHost(), await registerHost()];
    const response = await request(`/club-profile/${theirs.clubId}`, { headers: asUser(mine.token) });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Club Not Found');
  });
});

describe('an admin page opened signed out', () => {
  it('is a 404 offering the admin sign-in back to the page and its query, the same for any id, with no admin data', async () => {
    for (const path of ADMIN_PAGES) {
      const response = await request(`${path}?club=35`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('cache-control'), path).toBe('private, no-store');
      const html = await response.text();
      expect(html, path).toContain(`href="/login?return=${encodeURIComponent(`${path}?club=35`)}"`);
      expect(html, path).toMatch(/<h1[^>]*>Sign in to continue<\/h1>/);
      for (const secret of ['HOST-', '@example.com', 'astro-island']) expect(html, `${path}: ${secret}`).not.toContain(secret);
      const other = await (await request(`${path}?club=99999999`)).text();
      expect(other.replaceAll('club%3D99999999', 'club%3D35').replaceAll('club=99999999', 'club=35'), path).toBe(html);
    }
  });
});

describe('the account page opened signed out', () => {
  it('is a 401 whose two sign-ins come back to it', async () => {
    const response = await request('/account?email=confirmed');
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain(attribute('href="/club-registration?signin=true&return=%2Faccount%3Femail%3Dconfirmed"'));
    expect(html).toContain('href="/my-licences?return=%2Faccount%3Femail%3Dconfirmed"');
  });
});

describe('the sign-in pages with a return address', () => {
  it('carry a page of the site into the form, and drop any other address', async () => {
    const admin = await (await request(`/login?return=${encodeURIComponent('/admin-clubs?club=35#club-35')}`)).text();
    expect(admin).toContain('<input type="hidden" name="return" value="/admin-clubs?club=35#club-35"');
    const host = await (
      await request(`/club-registration?signin=true&return=${encodeURIComponent('/club-profile/7#join-requests')}`)
    ).text();
    expect(host).toContain('<input type="hidden" name="return" value="/club-profile/7#join-requests"');
    const guide = await (await request(`/my-licences?return=${encodeURIComponent('/account')}`)).text();
    expect(guide).toContain('<input type="hidden" name="return" value="/account"');

    for (const value of OFF_SITE) {
      for (const page of ['/login', '/club-registration?signin=true', '/my-licences']) {
        const path = `${page}${page.includes('?') ? '&' : '?'}return=${encodeURIComponent(value)}`;
        const html = await (await request(path)).text();
        expect(html, path).not.toContain('name="return"');
        expect(html, path).not.toContain('evil.example');
      }
    }
  });

  it('send a signed-in account straight to the return address, and nowhere else', async () => {
    const admin = await signInAdmin();
    const there = await request(`/login?return=${encodeURIComponent('/admin-clubs?club=35')}`, {
      headers: asUser(admin),
      redirect: 'manual',
    });
    expect(there.status).toBe(303);
    expect(there.headers.get('location')).toBe('/admin-clubs?club=35');
    const evil = await request('/login?return=%2F%2Fevil.example', { headers: asUser(admin), redirect: 'manual' });
    expect(evil.status).toBe(200);

    const host = await registerHost();
    const back = await request(
      `/club-registration?signin=true&return=${encodeURIComponent(`/club-profile/${host.clubId}#join-requests`)}`,
      {
        headers: asUser(host.token),
        redirect: 'manual',
      },
    );
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/club-profile/${host.clubId}#join-requests`);
    const home = await request('/club-registration?signin=true&return=https%3A%2F%2Fevil.example', {
      headers: asUser(host.token),
      redirect: 'manual',
    });
    expect(home.headers.get('location')).toBe(`/club-profile/${host.clubId}`);
  });

  it('keep a checked return address through /club-login', async () => {
    const kept = await request(`/club-login?return=${encodeURIComponent('/account')}`, { redirect: 'manual' });
    expect(kept.status).toBe(308);
    expect(kept.headers.get('location')).toBe('/club-registration?signin=true&return=%2Faccount');
    const dropped = await request('/club-login?return=%2F%2Fevil.example', { redirect: 'manual' });
    expect(dropped.headers.get('location')).toBe('/club-registration?signin=true');
  });
});

describe('signing in without JavaScript with a return address', () => {
  it('sends the admin back to the page, query and anchor, and to Admin Clubs for any other address', async () => {
    const credentials = { emailOrUsername: TEST_ADMIN.username, password: TEST_ADMIN.password };
    const back = await postForm('/api/login', { ...credentials, return: '/admin-orders?order=7#order-7' }, '/login');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/admin-orders?order=7#order-7');
    expect(sessionTokenFrom(back)).toBeTruthy();
    for (const value of OFF_SITE) {
      const response = await postForm('/api/login', { ...credentials, return: value }, '/login');
      expect(response.headers.get('location'), value).toBe('/admin-clubs');
    }
  });

  it("sends a host back to the club profile's Join requests, and to their own page for any other address", async () => {
    const host = await registerHost();
    const credentials = { email: host.payload.email as string, password: host.payload.password as string };
    const target = `/club-profile/${host.clubId}#join-requests`;
    const back = await postForm('/api/clubs/signin', { ...credentials, return: target }, '/club-registration?signin=true');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(target);
    for (const value of OFF_SITE) {
      const response = await postForm('/api/clubs/signin', { ...credentials, return: value }, '/club-registration?signin=true');
      expect(response.headers.get('location'), value).toBe(`/club-profile/${host.clubId}`);
    }
    const guide = await postForm('/api/guides/signin', { ...credentials, return: '/account' }, '/my-licences');
    expect(guide.headers.get('location')).toBe('/account');
  });

  it('goes back to the sign-in page with a refusal, whatever the return address', async () => {
    const refused = await postForm(
      '/api/login',
      { emailOrUsername: 'nobody', password: 'wrong', return: '/admin-clubs' },
      '/login?return=%2Fadmin-clubs',
    );
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe('/login?return=%2Fadmin-clubs');
  });
});
