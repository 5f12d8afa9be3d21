import sharp, { type Metadata } from 'sharp';
import { GUIDE_PHOTO_MAX_BYTES, GUIDE_PHOTO_MAX_MEGAPIXELS, GUIDE_PHOTO_MESSAGES } from '#lib/schemas/guides.ts';
import { db } from '#server/platform/db/db.ts';
import { oneAtATime } from '#server/platform/one-at-a-time.ts';
import { isListedGuide } from '#server/licensing/index.ts';

// Guides' photos (issue 27): no uploaded byte is ever served. Each upload is decoded and written anew as a square WebP
// of at most 400 × 400, without its metadata (sharp keeps none unless asked: a phone's EXIF carries where the photo was
// taken), and kept in PostgreSQL.
// Decoding is the one costly step a free account can set off (issue 37 F1, docs/decisions/029): it runs on libuv's
// thread pool, which argon2 shares, so signing in waited on a few hostile PNGs. Whatever the header says is refused
// before a pixel is decoded; the rest is decoded one photo at a time per instance, in bounded memory and time.

const SIDE = 400;
const MAX_PIXELS = GUIDE_PHOTO_MAX_MEGAPIXELS * 1_000_000;
/** sharp's names of the formats a photo may come in, read from the bytes. */
const FORMATS = new Set(['jpeg', 'png', 'webp']);
/** The wall-clock limit of one decoding (sharp's `timeout`, whole seconds). */
const DECODE_SECONDS = 3;
const WAITING = 2;

// libvips works on one image with as many threads as the machine has cores: one decoding could take every core from
// the sign-ins beside it. One thread per image leaves the others to the rest of the server (the bench's photo stall).
sharp.concurrency(1);

/**
 * Uploads waiting to be decoded, one at a time in this process. A refused upload may come back once the running one
 * and those waiting have had their time.
 */
export const photoDecoding = oneAtATime({ maxWaiting: WAITING, retryAfterSeconds: DECODE_SECONDS * (1 + WAITING) });

/** An upload that is no photo we take, with the sentence that says why. */
export class PhotoRefusal extends Error {
  override name = 'PhotoRefusal';
}

/**
 * The upload as the photo to keep; a PhotoRefusal for anything but an 8-bit JPEG, PNG or WebP within the limits, and a
 * QueueFullError (photoDecoding) when too many uploads wait already.
 */
export async function encodePhoto(upload: Buffer): Promise<Buffer> {
  if (upload.byteLength > GUIDE_PHOTO_MAX_BYTES) throw new PhotoRefusal(GUIDE_PHOTO_MESSAGES.size);
  const metadata = await headerOf(upload);
  if (!metadata || !FORMATS.has(metadata.format)) throw new PhotoRefusal(GUIDE_PHOTO_MESSAGES.type);
  if (metadata.width * metadata.height > MAX_PIXELS) throw new PhotoRefusal(GUIDE_PHOTO_MESSAGES.pixels);
  // 16 bits per sample ('ushort') doubles the memory and the time of every pixel, and no phone or camera needs it.
  if (metadata.depth !== 'uchar') throw new PhotoRefusal(GUIDE_PHOTO_MESSAGES.depth);
  const side = Math.min(SIDE, metadata.width, metadata.height);
  return photoDecoding.run(async () => {
    try {
      // sequentialRead: read top to bottom, holding a strip of rows rather than the whole image where the format allows.
      return await sharp(upload, { limitInputPixels: MAX_PIXELS, sequentialRead: true, autoOrient: true })
        .resize(side, side, { fit: 'cover', position: 'centre' })
        .timeout({ seconds: DECODE_SECONDS })
        .webp({ quality: 82 })
        .toBuffer();
    } catch (error) {
      const timedOut = error instanceof Error && error.message.startsWith('timeout');
      throw new PhotoRefusal(timedOut ? GUIDE_PHOTO_MESSAGES.slow : GUIDE_PHOTO_MESSAGES.unreadable);
    }
  });
}

/** The image's type and size from its header alone, before a pixel is decoded; null for bytes that are no image. */
async function headerOf(upload: Buffer): Promise<Metadata | null> {
  try {
    // sharp refuses an empty buffer as it is built, before metadata() is a promise.
    return await sharp(upload, { limitInputPixels: false }).metadata();
  } catch {
    return null;
  }
}

/** Keeps the guide's new photo in place of any old one, in one statement: the old stays whole until the new is in. */
export async function savePhoto(userId: string, image: Buffer): Promise<void> {
  await db()`
    insert into guide_photos (guide_id, image, updated_at) values (${userId}, ${image}, now())
    on conflict (guide_id) do update set image = excluded.image, updated_at = excluded.updated_at`;
}

export async function deletePhoto(userId: string): Promise<void> {
  await db()`delete from guide_photos where guide_id = ${userId}`;
}

/** The account's own photo (a WebP), or null when it has none. */
export async function findOwnPhoto(userId: string): Promise<Buffer | null> {
  const [row] = await db()<{ image: Buffer }[]>`select image from guide_photos where guide_id = ${userId}`;
  return row?.image ?? null;
}

/**
 * A guide's photo by the guide's public number, with whose it is, whether the guide is listed, and its version (when it
 * was written, in ms: the `v` of its address and its ETag); null when none.
 */
export async function findPhoto(publicId: number): Promise<{ image: Buffer; guideId: string; listed: boolean; version: number } | null> {
  const sql = db();
  const [row] = await sql<{ image: Buffer; guideId: string; listed: boolean; updatedAt: Date }[]>`
    select p.image, g.user_id as "guideId", ${isListedGuide(sql)} as listed, p.updated_at
    from guides g join guide_photos p on p.guide_id = g.user_id
    where g.public_id = ${publicId}`;
  return row ? { image: row.image, guideId: row.guideId, listed: row.listed, version: row.updatedAt.getTime() } : null;
}
