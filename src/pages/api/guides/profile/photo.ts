import type { APIRoute } from 'astro';
import { GUIDE_PHOTO_MAX_BYTES, GUIDE_PHOTO_MESSAGES } from '#lib/schemas/guides.ts';
import { requireUser } from '#server/auth/authorize.ts';
import { HttpError, json, notFound, readBodyBytes } from '#server/platform/http/endpoint.ts';
import { deletePhoto, encodePhoto, PhotoRefusal, savePhoto } from '#server/guides/photos.ts';
import { findProfile, NO_GUIDE_PROFILE } from '#server/guides/profiles.ts';

export const prerender = false;

const refusal = (message: string) => new HttpError(400, message, { photo: [message] });

/**
 * The guide's new photo: the image file itself is the body (JPEG, PNG or WebP, at most 5 MB, whatever Content-Type it
 * is sent with). The profile with its new photo; a 400 naming what is wrong, and the old photo kept, otherwise.
 */
export const PUT: APIRoute = async ({ request, locals }) => {
  const { user } = requireUser(locals);
  if (!(await findProfile(user.id))) return notFound(NO_GUIDE_PROFILE);
  const upload = await readBodyBytes(request, GUIDE_PHOTO_MAX_BYTES, () => refusal(GUIDE_PHOTO_MESSAGES.size));
  const image = await encodePhoto(upload).catch((error: unknown) => {
    throw error instanceof PhotoRefusal ? refusal(error.message) : error;
  });
  await savePhoto(user.id, image);
  return json(await findProfile(user.id));
};

/** Removes the guide's photo (visitors see initials): the profile. */
export const DELETE: APIRoute = async ({ locals }) => {
  const { user } = requireUser(locals);
  await deletePhoto(user.id);
  const profile = await findProfile(user.id);
  return profile ? json(profile) : notFound(NO_GUIDE_PROFILE);
};
