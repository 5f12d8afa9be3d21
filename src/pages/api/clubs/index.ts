import type { APIRoute } from 'astro';
import { readRecentClubs } from '../../../lib/server/directory-reads.ts';
import { toResponse } from '../../../lib/server/http.ts';

export const prerender = false;

export const GET: APIRoute = async () => toResponse(await readRecentClubs());
