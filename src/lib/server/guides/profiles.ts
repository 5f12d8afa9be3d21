import { guidePagePath, guidePhotoPath, type GuideMeetingMode, type GuideProfile } from '#lib/guides/types.ts';
import type { GuideProfileInput } from '#lib/schemas/guides.ts';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';
import { listingColumns, unlistedReasons, type ListingState } from '#server/licensing/index.ts';

// A guide's public profile as the guide edits it on /my-licences (issue 27, docs/decisions/022).

export const NO_GUIDE_PROFILE = 'This account has no guide profile: reserve a licence or register as a guide first.';

/** A profile as read: the listing's state for its reasons, and the photo's version for its address. */
type ProfileRow = ListingState & Omit<GuideProfile, 'unlistedReasons' | 'photoUrl' | 'path'> & { photoUpdatedAt: Date | null };

function selectProfile(sql: Sql | TransactionSql, userId: string) {
  return sql<ProfileRow[]>`
    select g.public_id as id, g.name, g.bio, g.languages, g.meets, g.phone, g.show_phone,
      g.profile_hidden as hidden, g.admin_hidden_reason,
      to_char(g.certified_on, 'YYYY-MM-DD') as "certifiedOn", p.updated_at as "photoUpdatedAt",
      ${listingColumns(sql)}
    from guides g left join guide_photos p on p.guide_id = g.user_id
    where g.user_id = ${userId}`;
}

function toProfile(row: ProfileRow): GuideProfile {
  const { photoUpdatedAt, certified, holdsActiveLicence, hiddenByGuide, hiddenByAdmin, ...profile } = row;
  return {
    ...profile,
    photoUrl: photoUpdatedAt && guidePhotoPath(row.id, photoUpdatedAt.getTime()),
    unlistedReasons: unlistedReasons({ certified, holdsActiveLicence, hiddenByGuide, hiddenByAdmin }),
    path: guidePagePath(row),
  };
}

/** The account's profile, or null when it has no guide record (a host who never reserved). */
export async function findProfile(userId: string, sql: Sql | TransactionSql = db()): Promise<GuideProfile | null> {
  const [row] = await selectProfile(sql, userId);
  return row ? toProfile(row) : null;
}

/** Saves what the guide shows visitors; null when the account has no guide record. */
export async function updateProfile(userId: string, input: GuideProfileInput): Promise<GuideProfile | null> {
  return db().begin(async (tx) => {
    const updated = await tx`
      update guides set name = ${input.name}, bio = ${input.bio}, languages = ${tx.array(input.languages)},
        meets = ${input.meets}, show_phone = ${input.showPhone}, profile_hidden = ${input.hidden}
      where user_id = ${userId}`;
    return updated.count === 0 ? null : findProfile(userId, tx);
  });
}

/** Sets the guide's name and phone, from the account page, in the caller's transaction; nothing for an account without a guide record. */
export async function setGuideNameAndPhone(tx: TransactionSql, userId: string, name: string, phone: string | null): Promise<void> {
  await tx`update guides set name = ${name}, phone = ${phone} where user_id = ${userId}`;
}

/** A demo guide's record and profile (the app's seed), for the account `userId`, with its photo if it has one. */
export async function insertDemoGuide(
  tx: TransactionSql,
  userId: string,
  guide: {
    name: string;
    phone: string | null;
    certifiedOn: string;
    bio: string;
    languages: string[];
    meets: GuideMeetingMode;
    showPhone: boolean;
  },
  photo: Buffer | null,
): Promise<void> {
  await tx`
    insert into guides (user_id, name, phone, certified_on, bio, languages, meets, show_phone)
    values (${userId}, ${guide.name}, ${guide.phone}, ${guide.certifiedOn}, ${guide.bio}, ${guide.languages},
      ${guide.meets}, ${guide.showPhone})`;
  if (photo) await tx`insert into guide_photos (guide_id, image) values (${userId}, ${photo})`;
}
