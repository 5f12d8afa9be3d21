import type { AstroGlobal } from 'astro';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { pathIn, type Language } from '#lib/shared/languages.ts';
import { parsePageSegment } from '#lib/shared/page-slugs.ts';
import { findClubPage, type ClubPageClub } from '#server/clubs/index.ts';

/**
 * The club a request for a club's page in `lang` asks for (docs/decisions/018, 041), or the answer that replaces the
 * page: the site's 404 page for a pending, unknown or malformed club, a 301 to the page's own address for any other
 * spelling of it. Both routes (/flamekeeper-clubs/{club} and its /es twin) call it first, as only a page's own
 * frontmatter can answer otherwise than with its HTML, then render ClubPage.astro with the club.
 */
export async function clubOfRequest(astro: AstroGlobal, lang: Language): Promise<ClubPageClub | Response> {
  const segment = parsePageSegment(astro.params.club ?? '');
  const club = segment ? await findClubPage(segment.id) : null;
  if (!club) return astro.rewrite('/404');
  const path = pathIn(lang, clubPagePath(club));
  if (astro.url.pathname !== path) return astro.redirect(`${path}${astro.url.search}`, 301);
  // Public and the same for every visitor (the header learns who is signed in by its own script); a host's edit or
  // a session that has begun shows within five minutes.
  astro.response.headers.set('cache-control', 'public, max-age=300');
  return club;
}
