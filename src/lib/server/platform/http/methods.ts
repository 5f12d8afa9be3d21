import { errorResponse } from './endpoint.ts';

/** The handlers an endpoint module can export, which Astro calls by the request's method (`ALL` for any). */
const HANDLER_NAMES = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** What a page rendered on demand answers. */
export const PAGE_METHODS: readonly string[] = ['GET', 'HEAD'];

/** The methods an endpoint module answers: its handlers, and HEAD where it has GET (as Astro runs them); null for `ALL`. */
export function endpointMethods(module: Record<string, unknown>): readonly string[] | null {
  if (typeof module.ALL === 'function') return null;
  const methods = HANDLER_NAMES.filter((name) => typeof module[name] === 'function');
  if (methods.includes('GET') && !methods.includes('HEAD')) methods.splice(methods.indexOf('GET') + 1, 0, 'HEAD');
  return methods;
}

/** The route pattern Astro gives an endpoint file under src/pages: `/pages/api/clubs/[id]/index.ts` → `/api/clubs/[id]`. */
export function routePatternOf(file: string): string {
  const route = file
    .replace(/^.*?\/pages\//, '/')
    .replace(/\.ts$/, '')
    .replace(/\/index$/, '');
  return route === '' ? '/' : route;
}

/** 405 with the methods the route answers: the API's error shape on endpoints, plain text on pages. */
export function methodNotAllowed(allowed: readonly string[], endpoint: boolean): Response {
  const response = endpoint
    ? errorResponse(405, 'Method not allowed.')
    : new Response('Method not allowed.', { status: 405, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  response.headers.set('allow', allowed.join(', '));
  return response;
}
