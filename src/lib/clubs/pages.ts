import { pageSlug } from '#lib/shared/page-slugs.ts';

// A verified club's own page: /flamekeeper-clubs/{id}-{slug}. The id finds the club; the slug, made from its name,
// only makes the address readable, so a renamed club's old addresses redirect to the new one.

/** "Riverbend Flamekeepers!" → "riverbend-flamekeepers". */
export const clubSlug = (clubName: string): string => pageSlug(clubName, 'club');

/**
 * The path of the club's page; under `directoryPath`, the directory's address in a page's language (the directory's
 * words' `directoryPath`: `/es/flamekeeper-clubs` gives the Spanish twin, docs/decisions/041).
 */
export function clubPagePath(club: { id: number; clubName: string }, directoryPath = '/flamekeeper-clubs'): string {
  return `${directoryPath}/${club.id}-${clubSlug(club.clubName)}`;
}

/** The path of the club's profile, its host's own page (and the admin's). */
export const clubProfilePath = (clubId: number): string => `/club-profile/${clubId}`;
