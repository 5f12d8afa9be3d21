import type { APIRoute } from 'astro';
import { notFound } from '#server/platform/http/endpoint.ts';
import { parseId } from '#server/platform/http/params.ts';
import { matchesETag } from '#server/platform/http/preview-image.ts';
import { findPhoto } from '#server/guides/index.ts';

export const prerender = false;

/**
 * A guide's photo (a WebP the server wrote) by the guide's public number: to anyone while the guide is listed, which
 * every cache asks again before each use (`no-cache`, answered 304 to the photo's ETag), so that a photo stops being
 * served the moment its guide is hidden (docs/decisions/029); to the guide alone otherwise, for the profile editor's
 * preview, never kept. Else a 404, as for a guide without one.
 */
export const GET: APIRoute = async ({ params, request, locals }) => {
  const id = parseId(params.id);
  const photo = id === null ? null : await findPhoto(id);
  if (!photo || !(photo.listed || locals.user?.id === photo.guideId)) return notFound('Photo not found.');
  if (!photo.listed)
    return new Response(new Uint8Array(photo.image), { headers: { 'content-type': 'image/webp', 'cache-control': 'private, no-store' } });
  const headers = { etag: `"${photo.version}"`, 'cache-control': 'public, no-cache' };
  if (matchesETag(request.headers.get('if-none-match'), headers.etag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(photo.image), { headers: { ...headers, 'content-type': 'image/webp' } });
};
