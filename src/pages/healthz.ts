import type { APIRoute } from 'astro';
import { json } from '#server/platform/http/endpoint.ts';

export const prerender = false;

/** Liveness: the process serves requests. Never touches the database. */
export const GET: APIRoute = () => json({ status: 'ok' });
