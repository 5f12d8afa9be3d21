import type { PublicClub } from '#lib/directory/types.ts';
import { db } from '#server/platform/db/db.ts';
import { countyOfZipCode } from '#server/places/index.ts';
import { isListed, publicClubColumns, toPublicClub, type PublicClubRow } from './clubs.ts';

/**
 * A verified club as its own page and calendar show it: the public fields and where to draw it. Never its meeting link
 * or dial-in, which are for members (docs/decisions/036): the page, the calendar and the JSON-LD cannot show what
 * they are not given.
 */
export interface ClubPageClub extends PublicClub {
  /** The ZIP code's post-office position, for the locator map; null for a ZIP code the site does not know. */
  position: { latitude: number; longitude: number } | null;
  /** The census county the ZIP code lies in, filled on the locator map. */
  countyFips: string | null;
  /** ISO instant of the club's last change, the sitemap's lastmod. */
  updatedAt: string;
}

type ClubPageRow = PublicClubRow & {
  latitude: number | null;
  longitude: number | null;
  updatedAt: Date;
};

/** The verified club with this id for its page and calendar; null for unknown and pending clubs. */
export async function findClubPage(id: number): Promise<ClubPageClub | null> {
  const sql = db();
  const [row] = await sql<ClubPageRow[]>`
    select ${publicClubColumns(sql)},
      latitude, longitude, updated_at
    from clubs
    where id = ${id} and ${isListed(db())}`;
  if (!row) return null;
  const { latitude, longitude, updatedAt, ...club } = row;
  const countyFips = await countyOfZipCode(row.zipCode, sql);
  return {
    ...toPublicClub(club),
    position: latitude === null || longitude === null ? null : { latitude, longitude },
    countyFips,
    updatedAt: updatedAt.toISOString(),
  };
}

/** The sitemap protocol's limit of URLs in one file. */
export const SITEMAP_URL_LIMIT = 50_000;

/** Every verified club's id, name and last change, for the sitemap: the most recently changed first, at most `limit`. */
export async function listClubPages(limit = SITEMAP_URL_LIMIT): Promise<{ id: number; clubName: string; updatedAt: Date }[]> {
  return db()<{ id: number; clubName: string; updatedAt: Date }[]>`
    select id, club_name, updated_at
    from clubs
    where ${isListed(db())}
    order by updated_at desc, id
    limit ${limit}`;
}
