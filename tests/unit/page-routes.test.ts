import { describe, expect, it } from 'vitest';
import { pageRoutes, routeOf, routesNotVisited } from '../support/page-routes.ts';

// The validators' list of every page (tests/support/page-routes.ts) is read from src/pages, so a page added there is
// one the vnu test and the axe sweep fail on until they visit it.

describe('the page routes of src/pages', () => {
  it('are every .astro page, fixed and dynamic, and no API route', () => {
    const routes = pageRoutes();
    expect(routes).toEqual(
      expect.arrayContaining(['/', '/faq', '/404', '/guides', '/guides/[segment]', '/club-profile/[id]', '/your-club']),
    );
    expect(routes.some((route) => route.startsWith('/api/'))).toBe(false);
    expect(routes).not.toContain('/robots.txt');
  });

  it('answer a path as Astro does: a fixed route before a dynamic one, any other path with the not-found page', () => {
    expect(routeOf('/guides?place=VT')).toBe('/guides');
    expect(routeOf('/guides/12-wren-sweep')).toBe('/guides/[segment]');
    expect(routeOf('/your-club/not-me?token=abc')).toBe('/your-club/not-me');
    expect(routeOf('/flamekeeper-clubs/7-harbor-lights')).toBe('/flamekeeper-clubs/[club]');
    expect(routeOf('/no-such-page')).toBe('/404');
    expect(routeOf('/es/no-such-page')).toBe('/404');
    expect(routeOf('/es/faq#faq-2')).toBe('/es/faq');
    expect(routeOf('/es')).toBe('/es');
    expect(routeOf('/')).toBe('/');
  });

  it('left out by a list of visits are reported', () => {
    const everyOther = pageRoutes().filter((route) => route !== '/faq' && !route.includes('['));
    const missing = routesNotVisited(everyOther.map((route) => (route === '/404' ? '/no-such-page' : route)));
    expect(missing).toContain('/faq');
    expect(missing).toContain('/club-profile/[id]');
    expect(missing).not.toContain('/');
  });
});
