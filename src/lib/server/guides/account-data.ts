import type { GuideMessage, GuideProfile } from '#lib/guides/types.ts';
import { listAllGuideMessages } from './messages.ts';
import { findOwnPhoto } from './photos.ts';
import { findProfile } from './profiles.ts';

// The guide's part of their own data (issue 29). Deleting the account deletes all of it: the guide record, its photo
// and the messages to it go with the account (on delete cascade).

export interface OwnGuideData {
  profile: GuideProfile;
  /** The photo as a data: URL (WebP), or null. */
  photo: string | null;
  /** Every message to the guide whose details are kept, oldest first. */
  messages: GuideMessage[];
}

/** The account's guide profile, photo and messages; null when the account has no guide record. */
export async function findOwnGuideData(userId: string): Promise<OwnGuideData | null> {
  const profile = await findProfile(userId);
  if (!profile) return null;
  const [photo, messages] = await Promise.all([findOwnPhoto(userId), listAllGuideMessages(userId)]);
  return { profile, photo: photo && `data:image/webp;base64,${photo.toString('base64')}`, messages };
}
