import type { APIRoute } from 'astro';
import { GUIDE_PHOTO_MAX_BYTES, GUIDE_PHOTO_MESSAGES } from '#lib/schemas/guides.ts';
import { requireConfirmedEmail, requireUser } from '#server/auth/index.ts';
import { busy, HttpError, json, notFound, readBodyBytes, tooManyRequests } from '#server/platform/http/endpoint.ts';
import { QueueFullError } from '#server/platform/one-at-a-time.ts';
import { consumePhotoUpload, refundPhotoUpload } from '#server/platform/rate-limits/limits.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';
import { deletePhoto, encodePhoto, findProfile, NO_GUIDE_PROFILE, PhotoRefusal, savePhoto } from '#server/guides/index.ts';

export const prerender = false;

const refusal = (message: string) => new HttpError(400, message, { photo: [message] });

/**
 * The guide's new photo: the image file itself is the body (JPEG, PNG or WebP, at most 5 MB and 25 megapixels, 8 bits
 * per colour, whatever Content-Type it is sent with). The profile with its new photo; a 400 naming what is wrong, and
 * the old photo kept, otherwise. 403 until the account's email is confirmed (a link is sent), 429 past 10 uploads an
 * hour per account or 20 per client (an IPv6 one by its /64), 503 with Retry-After while this instance has photos enough to decode.
 */
export const PUT: APIRoute = async ({ request, locals }) => {
  const { user } = requireUser(locals);
  if (!(await findProfile(user.id))) return notFound(NO_GUIDE_PROFILE);
  await requireConfirmedEmail(user, '/my-licences', siteOrigin(locals.serverPort), 'upload your photo');
  const limited = await consumePhotoUpload(user.id, locals.clientAddress);
  if (limited) return tooManyRequests(limited.retryAfterSeconds, GUIDE_PHOTO_MESSAGES.tooMany);

  const upload = await readBodyBytes(request, GUIDE_PHOTO_MAX_BYTES, () => refusal(GUIDE_PHOTO_MESSAGES.size));
  let image: Buffer;
  try {
    image = await encodePhoto(upload);
  } catch (error) {
    if (error instanceof PhotoRefusal) throw refusal(error.message);
    if (!(error instanceof QueueFullError)) throw error;
    await refundPhotoUpload(user.id, locals.clientAddress);
    return busy(error.retryAfterSeconds, GUIDE_PHOTO_MESSAGES.busy);
  }
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
