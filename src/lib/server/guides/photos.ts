import sharp, { type Metadata } from 'sharp';
import { GUIDE_PHOTO_MAX_BYTES, GUIDE_PHOTO_MAX_MEGAPIXELS, GUIDE_PHOTO_MESSAGES } from '#lib/schemas/guides.ts';
import { db } from '#server/platform/db/db.ts';
import { isListedGuide } from '#server/licensing/index.ts';

// Guides' photos (issue 27): no uploaded byte is ever served. Each upload is decoded and written anew as a square WebP
// of at most 400 × 400, without its metadata (sharp keeps none unless asked: a phone's EXIF carries where the photo was
// taken), and kept in PostgreSQL.

const SIDE = 400;
const MAX_PIXELS = GUIDE_PHOTO_MAX_MEGAPIXELS * 1_000_000;
/** sharp's names of the formats a photo may come in, read from the bytes. */
const FORMATS = new Set(['jpeg', 'png', 'webp']);

/** An upload that is no photo we take, with the sentence that says why. */
export class PhotoRefusal extends Error {
  override name = 'PhotoRefusal';
}

/** The upload as the photo to keep; a PhotoRefusal for anything but a JPEG, PNG or WebP within the limits. */
export async function encodePhoto(upload: Buffer): Promise<Buffer> {
  if (upload.byteLength > GUIDE_PHOTO_MAX_BYTES) throw new PhotoRefusal(GUIDE_PHOTO_MESSAGES.size);
  const metadata = await headerOf(upload);
  if (!metadata || !FORMATS.has(metadata.format)) throw new PhotoRefusal(GUIDE_PHOTO_MESSAGES.type);
  if (metadata.width * metadata.height > MAX_PIXELS) throw new PhotoRefusal(GUIDE_PHOTO_MESSAGES.pixels);
  const side = Math.min(SIDE, metadata.width, metadata.height);
  try {
    return await sharp(upload, { limitInputPixels: MAX_PIXELS, autoOrient: true })
      .resize(side, side, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new PhotoRefusal(GUIDE_PHOTO_MESSAGES.unreadable);
  }
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

/** A guide's photo by the guide's public number, with whose it is and whether the guide is listed; null when none. */
export async function findPhoto(publicId: number): Promise<{ image: Buffer; guideId: string; listed: boolean } | null> {
  const sql = db();
  const [row] = await sql<{ image: Buffer; guideId: string; listed: boolean }[]>`
    select p.image, g.user_id as "guideId", ${isListedGuide(sql)} as listed
    from guides g join guide_photos p on p.guide_id = g.user_id
    where g.public_id = ${publicId}`;
  return row ?? null;
}
