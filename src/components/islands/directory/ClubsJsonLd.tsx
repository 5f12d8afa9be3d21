import { memo } from 'react';
import { LANGUAGE_TAGS } from '#lib/clubs/meetings/types.ts';
import type { PublicClub } from '#lib/directory/types.ts';

/** schema.org descriptions of `clubs`, as the text of a JSON-LD script. */
export function clubsJsonLdText(clubs: PublicClub[]): string {
  const data = {
    '@context': 'https://schema.org',
    '@graph': clubs.map((club) => ({
      '@type': 'Organization',
      name: club.clubName,
      description: club.description ?? undefined,
      url: club.website ?? undefined,
      address: {
        '@type': 'PostalAddress',
        addressLocality: club.city,
        addressRegion: club.state,
        postalCode: club.zipCode,
        addressCountry: 'US',
      },
      foundingDate: club.createdAt.slice(0, 10),
      // An Organization's language is knowsLanguage: schema.org gives it no inLanguage.
      knowsLanguage: LANGUAGE_TAGS[club.meetingLanguage],
    })),
  };
  // `<` is escaped so that no club text can close the script element.
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** schema.org descriptions of the clubs on screen, for search engines; drawn again only when the clubs change. */
export const ClubsJsonLd = memo(function ClubsJsonLd({ clubs }: { clubs: PublicClub[] }) {
  if (clubs.length === 0) return null;
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: clubsJsonLdText(clubs) }} />;
});
