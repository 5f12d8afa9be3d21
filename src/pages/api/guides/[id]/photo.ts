import type { APIRoute } from 'astro';
import { notFound } from '#server/platform/http/endpoint.ts';
import { parseId } from '#server/platform/http/params.ts';
import { findPhoto } from '#server/guides/photos.ts';

export const prerender = false;

/**
 * A guide's photo (a WebP the server wrote) by the guide's public number: to anyone while the guide is listed, kept
 * for a year (its address changes with the photo: guidePhotoPath's `v`); to the guide alone otherwise, for the
 * profile editor's preview, never kept. Else a 404, as for a guide without one.
 */
export const GET: APIRoute = async ({ params, locals }) => {
  const id = parseId(params.id);
  const photo = id === null ? null : await findPhoto(id);
  if (!photo || !(photo.listed || locals.user?.id === photo.guideId)) return notFound('Photo not found.');
  return new Response(new Uint8Array(photo.image), {
    headers: {
      'content-type': 'image/webp',
      'cache-control': photo.listed ? 'public, max-age=31536000, immutable' : 'private, no-store',
    },
  });
};
