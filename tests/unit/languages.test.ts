import { describe, expect, it } from 'vitest';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { isPathOfRoute, localizedHref, pathIn, twinPathsOf } from '#lib/shared/languages.ts';

// A page's twin in the other language (docs/decisions/041), for fixed routes and for dynamic ones written as their
// file names them (`/flamekeeper-clubs/[club]`).

describe('the twins of a path', () => {
  it('match a dynamic route by one non-empty segment in the place of its parameter', () => {
    expect(isPathOfRoute('/flamekeeper-clubs/7-harbor-lights', '/flamekeeper-clubs/[club]')).toBe(true);
    expect(isPathOfRoute('/flamekeeper-clubs/', '/flamekeeper-clubs/[club]')).toBe(false);
    expect(isPathOfRoute('/flamekeeper-clubs', '/flamekeeper-clubs/[club]')).toBe(false);
    expect(isPathOfRoute('/flamekeeper-clubs/7-harbor-lights/more', '/flamekeeper-clubs/[club]')).toBe(false);
    expect(isPathOfRoute('/faq', '/faq')).toBe(true);
    expect(isPathOfRoute('/faq', '/flamekeeper-clubs/[club]')).toBe(false);
  });

  it("name a club's page and its Spanish twin from either", () => {
    const twins = { en: '/flamekeeper-clubs/7-harbor-lights', es: '/es/flamekeeper-clubs/7-harbor-lights' };
    expect(twinPathsOf('/flamekeeper-clubs/7-harbor-lights')).toEqual(twins);
    expect(twinPathsOf('/es/flamekeeper-clubs/7-harbor-lights')).toEqual(twins);
    expect(twinPathsOf('/faq')).toEqual({ en: '/faq', es: '/es/faq' });
    expect(twinPathsOf('/es')).toEqual({ en: '/', es: '/es' });
  });

  it('leave a page without a twin without one', () => {
    expect(twinPathsOf('/my-licences')).toBeNull();
    expect(twinPathsOf('/club-profile/7')).toBeNull();
    expect(twinPathsOf('/flamekeeper-clubs/7-harbor-lights/preview.png')).toBeNull();
  });

  it("send a Spanish page's links to twins, with their query and anchor, and leave the others", () => {
    expect(localizedHref('/flamekeeper-clubs/7-harbor-lights#your-club-link', 'es')).toBe(
      '/es/flamekeeper-clubs/7-harbor-lights#your-club-link',
    );
    expect(localizedHref('/flamekeeper-clubs?state=TX', 'es')).toBe('/es/flamekeeper-clubs?state=TX');
    expect(localizedHref('/flamekeeper-clubs/7-harbor-lights', 'en')).toBe('/flamekeeper-clubs/7-harbor-lights');
    expect(localizedHref('/club-profile/7', 'es')).toBe('/club-profile/7');
    expect(localizedHref('https://example.org/faq', 'es')).toBe('https://example.org/faq');
  });

  it("gives a club's page under the directory's address in a page's language, as the directory's island links it", () => {
    const club = { id: 7, clubName: 'Harbor Lights!' };
    expect(clubPagePath(club)).toBe('/flamekeeper-clubs/7-harbor-lights');
    expect(clubPagePath(club, pathIn('es', '/flamekeeper-clubs'))).toBe('/es/flamekeeper-clubs/7-harbor-lights');
    expect(twinPathsOf(clubPagePath(club, '/es/flamekeeper-clubs'))?.en).toBe(clubPagePath(club));
  });
});
