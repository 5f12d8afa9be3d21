import type { APIRoute } from 'astro';
import { RETURN_PARAM, safeReturnPath, signInPath } from '#lib/shared/return-path.ts';

export const prerender = false;

/** The success step links to /club-login; host sign-in lives on the registration page (a checked ?return= kept). */
export const GET: APIRoute = ({ redirect, url }) => redirect(signInPath('host', safeReturnPath(url.searchParams.get(RETURN_PARAM))), 308);
