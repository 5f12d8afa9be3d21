import type { APIRoute } from 'astro';
import { findClubGuides } from '#server/guides/index.ts';
import { json, notFound } from '#server/platform/http/endpoint.ts';
import { requireId } from '#server/platform/http/params.ts';

export const prerender = false;

/** "Guide for this area" of a listed club's dialog: the exclusive holder of its area, else up to three shared holders. */
export const GET: APIRoute = async ({ params }) => {
  const guides = await findClubGuides(requireId(params.id, 'Club not found.'));
  if (!guides) return notFound('Club not found.');
  return json({ guides }, 200, { 'cache-control': 'public, max-age=60' });
};
