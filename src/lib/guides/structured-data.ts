import type { GuidePage } from '#lib/guides/types.ts';

/**
 * A guide's page as schema.org data: a Person with their photo, who offers guiding as a Service in the areas they
 * serve (schema.org has no areaServed on a Person): a ZIP code as a Place at that postal code, a county or state as an
 * AdministrativeArea. Never the email; the phone only when the guide shows it.
 */
export function guideStructuredData(guide: GuidePage, pageUrl: string, jobTitle: string): Record<string, unknown> {
  const origin = new URL(pageUrl).origin;
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: guide.name,
    url: pageUrl,
    jobTitle,
    ...(guide.photoUrl && { image: new URL(guide.photoUrl, origin).href }),
    ...(guide.bio && { description: guide.bio }),
    ...(guide.phone && { telephone: guide.phone }),
    knowsLanguage: guide.languages,
    makesOffer: {
      '@type': 'Offer',
      itemOffered: {
        '@type': 'Service',
        name: jobTitle,
        areaServed: guide.areas.map((area) =>
          area.kind === 'zip'
            ? {
                '@type': 'Place',
                name: area.label,
                address: {
                  '@type': 'PostalAddress',
                  postalCode: area.id.slice('zip-'.length),
                  addressRegion: area.stateCode,
                  addressCountry: 'US',
                },
              }
            : { '@type': 'AdministrativeArea', name: area.label },
        ),
      },
    },
  };
}
