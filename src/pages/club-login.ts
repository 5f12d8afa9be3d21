import type { APIRoute } from 'astro';

export const prerender = false;

/** The success step links to /club-login; host sign-in lives on the registration page. */
export const GET: APIRoute = ({ redirect }) => redirect('/club-registration?signin=true', 308);
