import type { APIRoute } from 'astro';
import { listRecentVerifiedClubs } from '../../../lib/server/directory.ts';
import { json } from '../../../lib/server/http.ts';

export const prerender = false;

/** The directory's initial list: recently registered verified clubs, public fields only. */
export const GET: APIRoute = async () => json(await listRecentVerifiedClubs());
