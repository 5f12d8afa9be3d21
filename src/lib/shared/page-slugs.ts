// The public pages of clubs (/flamekeeper-clubs/{id}-{slug}) and guides (/guides/{id}-{slug}): the id finds the
// record; the slug, made from its name, only makes the address readable, so a renamed record's old addresses redirect.

const MAX_SLUG_LENGTH = 60;

/** "Riverbend Flamekeepers!" → "riverbend-flamekeepers"; letters and digits only, accents dropped; `fallback` when none is left. */
export function pageSlug(name: string, fallback: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, '');
  return slug || fallback;
}

/** The id and slug of a page's path segment ("12-riverbend-flamekeepers", or "12" alone); null when it names no id. */
export function parsePageSegment(segment: string): { id: number; slug: string } | null {
  const match = /^([1-9]\d{0,9})(?:-(.*))?$/.exec(segment);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? { id, slug: match[2] ?? '' } : null;
}
