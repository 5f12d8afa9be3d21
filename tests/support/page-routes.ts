import fs from 'node:fs';
import path from 'node:path';

// The site's page routes as its .astro files declare them under src/pages, so that a validator visiting "every page"
// (tests/api/w3c-pages.test.ts, tests/e2e/accessibility-sweep.spec.ts) fails when a new page is not among its visits.

/** Every .astro page under src/pages as Astro routes it: `/`, `/faq`, `/club-profile/[id]`, `/404`… */
export function pageRoutes(): string[] {
  const root = path.resolve('src/pages');
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.astro'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).replace(/\\/g, '/'))
    .filter((file) => !file.split('/').some((segment) => segment.startsWith('_')))
    .map((file) => `/${file.replace(/\.astro$/, '').replace(/(^|\/)index$/, '')}`)
    .sort();
}

const isDynamic = (segment: string) => segment.startsWith('[');

/**
 * The page route that answers `pagePath` (a path, with or without its query): a route of fixed segments before one
 * with a parameter, as Astro ranks them; a path no route answers is the not-found page's, `/404`.
 */
export function routeOf(pagePath: string, routes: readonly string[] = pageRoutes()): string {
  const segments = new URL(pagePath, 'http://site').pathname.split('/').filter(Boolean);
  const matches = routes.filter((route) => {
    const parts = route.split('/').filter(Boolean);
    if (route.includes('[...')) throw new Error(`rest parameters are not handled here: ${route}`);
    return parts.length === segments.length && parts.every((part, i) => isDynamic(part) || part === segments[i]);
  });
  const rank = (route: string) => route.split('/').filter(isDynamic).length;
  return matches.sort((a, b) => rank(a) - rank(b))[0] ?? '/404';
}

/** The page routes that none of `visitedPaths` reaches. */
export function routesNotVisited(visitedPaths: readonly string[]): string[] {
  const routes = pageRoutes();
  const visited = new Set(visitedPaths.map((visited) => routeOf(visited, routes)));
  return routes.filter((route) => !visited.has(route));
}
