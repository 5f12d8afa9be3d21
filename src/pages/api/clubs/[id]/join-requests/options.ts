import type { APIRoute } from 'astro';
import { findJoinOptions } from '#server/clubs/index.ts';
import { json, notFound } from '#server/platform/http/endpoint.ts';
import { requireId } from '#server/platform/http/params.ts';
import { requestLanguage } from '#server/platform/http/request-language.ts';

export const prerender = false;

/**
 * What the Ask to join form of a listed club offers: whether it takes members, its next sessions (worded in the page's
 * language, X-Page-Language), the next new cycle.
 */
export const GET: APIRoute = async ({ params, request }) => {
  const options = await findJoinOptions(requireId(params.id, 'Club not found.'), new Date(), requestLanguage(request));
  return options ? json(options, 200, { 'cache-control': 'no-store' }) : notFound('Club not found.');
};
