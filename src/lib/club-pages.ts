// A verified club's own page: /flamekeeper-clubs/{id}-{slug}. The id finds the club; the slug, made from its name,
// only makes the address readable, so a renamed club's old addresses redirect to the new one.

const MAX_SLUG_LENGTH = 60;

/** "Riverbend Flamekeepers!" → "riverbend-flamekeepers"; letters and digits only, accents dropped. */
export function clubSlug(clubName: string): string {
  const slug = clubName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, '');
  return slug || 'club';
}

/** The path of the club's page. */
export function clubPagePath(club: { id: number; clubName: string }): string {
  return `/flamekeeper-clubs/${club.id}-${clubSlug(club.clubName)}`;
}

/** The id and slug of a page's path segment ("12-riverbend-flamekeepers", or "12" alone); null when it names no id. */
export function parseClubPageSegment(segment: string): { id: number; slug: string } | null {
  const match = /^([1-9]\d{0,9})(?:-(.*))?$/.exec(segment);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? { id, slug: match[2] ?? '' } : null;
}
