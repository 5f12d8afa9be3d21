import type { APIRoute } from 'astro';
import { databaseIsReady } from '../lib/server/health.ts';
import { json } from '../lib/server/http.ts';

export const prerender = false;

/** Readiness: the database answers within 2 s. */
export const GET: APIRoute = async () =>
  (await databaseIsReady()) ? json({ status: 'ready' }) : json({ status: 'unavailable', error: { message: 'The database is not reachable.' } }, 503);
