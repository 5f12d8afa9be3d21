import { env } from '#server/platform/env.ts';

/**
 * The site's public origin, for links in emails: SITE_URL's or, on a demo start on loopback (a production start
 * requires SITE_URL, env.ts), http://localhost at the port the server listens on. Never the request's Host header,
 * which any client sets: a reset link built from it would carry its token to another site.
 */
export function siteOrigin(serverPort: number, siteUrl = env().SITE_URL): string {
  return new URL(siteUrl ?? `http://localhost:${serverPort}`).origin;
}
