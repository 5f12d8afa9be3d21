import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInPath } from '#lib/shared/return-path.ts';

// Issue 41 item 1: a sign-in goes back to the page that asked for it, and never off the site (no open redirect).

describe('safeReturnPath', () => {
  it('keeps a page of the site with its query and anchor', () => {
    expect(safeReturnPath('/club-profile/35#join-requests')).toBe('/club-profile/35#join-requests');
    expect(safeReturnPath('/admin-clubs?club=35')).toBe('/admin-clubs?club=35');
    expect(safeReturnPath('/admin-orders?order=7&page=2#top')).toBe('/admin-orders?order=7&page=2#top');
    expect(safeReturnPath('/my-licences#messages')).toBe('/my-licences#messages');
    expect(safeReturnPath('/account')).toBe('/account');
    expect(safeReturnPath('/admin-clubs?q=%2F%2Fnot-a-host')).toBe('/admin-clubs?q=%2F%2Fnot-a-host');
  });

  it('normalises dot segments as a browser does, and refuses what they turn into another host', () => {
    expect(safeReturnPath('/admin-clubs/../account')).toBe('/account');
    expect(safeReturnPath('/.//evil.example')).toBeNull();
    expect(safeReturnPath('/%2E//evil.example')).toBeNull();
  });

  it.each([
    ['a network-path reference', '//evil.example'],
    ['a network-path reference with a path', '//evil.example/club-profile/1'],
    ['an absolute URL', 'https://evil.example'],
    ['an absolute URL of the site’s own scheme', 'http://localhost:4321/account'],
    ['a backslash after the slash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['a backslash later on', '/account\\..\\evil'],
    ['an encoded second slash', '/%2F%2Fevil.example'],
    ['an encoded second slash, upper case', '/%2f/evil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['a double-encoded second slash', '/%252F%252Fevil.example'],
    ['a double-encoded backslash', '/%255Cevil.example'],
    ['a tab browsers drop', '/\t/evil.example'],
    ['a line break browsers drop', '/\n/evil.example'],
    ['an encoded tab', '/%09/evil.example'],
    ['a leading space', ' /account'],
    ['a script URL', 'javascript:alert(1)'],
    ['a data URL', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'account'],
    ['an API route', '/api/logout'],
    ['the API itself', '/api'],
    ['an API route in capitals', '/API/logout'],
    ['an API route spelled with an escape', '/%61pi/logout'],
    ['an API route behind a dot segment', '/x/../api/logout'],
    ['a malformed escape', '/account%E0%A4%A'],
    ['nothing', ''],
    ['something too long', `/${'a'.repeat(2000)}`],
  ])('refuses %s', (_name, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(['/account'])).toBeNull();
  });
});

describe('signInPath', () => {
  it('is the host sign-in or the admin sign-in, with the return address encoded', () => {
    expect(signInPath('host', '/club-profile/35#join-requests')).toBe(
      '/club-registration?signin=true&return=%2Fclub-profile%2F35%23join-requests',
    );
    expect(signInPath('admin', '/admin-clubs?club=35')).toBe('/login?return=%2Fadmin-clubs%3Fclub%3D35');
    expect(signInPath('admin', null)).toBe('/login');
  });
});
