import type { APIRoute } from 'astro';
import { listRecentVerifiedClubs } from '#server/directory/directory.ts';
import { json } from '#server/platform/http/endpoint.ts';

export const prerender = false;

/** The directory's initial list: recently registered verified clubs, public fields only. */
export const GET: APIRoute = async () => json(await listRecentVerifiedClubs());
