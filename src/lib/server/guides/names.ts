import type { GuideName } from '#lib/guides/types.ts';
import { db, escapeLike, rowCount } from '#server/platform/db/db.ts';
import { isListedGuide } from '#server/licensing/index.ts';

/** How many names the contact page's Coach Name box suggests at most. */
const SUGGESTIONS = 8;

/**
 * Listed guides whose name has a word starting with `text` (case and spaces aside: "lo" and "maya lo" both find "Maya
 * Lopez"), by name: the contact page's suggestions, so names and public ids only.
 */
export async function suggestGuideNames(text: string): Promise<GuideName[]> {
  const sql = db();
  const words = text.trim().replace(/\s+/g, ' ').toLowerCase();
  return sql<GuideName[]>`
    select g.public_id as id, g.name from guides g
    where ${isListedGuide(sql)}
      and ' ' || lower(regexp_replace(btrim(g.name), '[\\s-]+', ' ', 'g')) like ${`% ${escapeLike(words)}%`}
    order by lower(g.name), g.public_id
    limit ${rowCount(sql, SUGGESTIONS)}`;
}
