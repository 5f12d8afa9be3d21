import { pageSlug } from '#lib/shared/page-slugs.ts';

// A verified club's own page: /flamekeeper-clubs/{id}-{slug}. The id finds the club; the slug, made from its name,
// only makes the address readable, so a renamed club's old addresses redirect to the new one.

/** "Riverbend Flamekeepers!" → "riverbend-flamekeepers". */
export const clubSlug = (clubName: string): string => pageSlug(clubName, 'club');

/** The path of the club's page. */
export function clubPagePath(club: { id: number; clubName: string }): string {
  return `/flamekeeper-clubs/${club.id}-${clubSlug(club.clubName)}`;
}

/** The path of the club's profile, its host's own page (and the admin's). */
export const clubProfilePath = (clubId: number): string => `/club-profile/${clubId}`;
