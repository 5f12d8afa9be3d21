import type { APIRoute } from 'astro';
import { readRecentClubs } from '#server/directory/directory-reads.ts';
import { toResponse } from '#server/http/endpoint.ts';

export const prerender = false;

export const GET: APIRoute = async () => toResponse(await readRecentClubs());
