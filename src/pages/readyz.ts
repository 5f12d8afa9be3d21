import type { APIRoute } from 'astro';
import { databaseIsReady } from '#server/platform/db/health.ts';
import { json } from '#server/platform/http/endpoint.ts';

export const prerender = false;

/** Readiness: the database answers within 2 s. */
export const GET: APIRoute = async () =>
  (await databaseIsReady())
    ? json({ status: 'ready' })
    : json({ status: 'unavailable', error: { message: 'The database is not reachable.' } }, 503);
