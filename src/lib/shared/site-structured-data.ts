import { previewImagePath } from '#lib/shared/preview-images.ts';

// schema.org JSON-LD of the site's own pages (issue 41, item 15): the home page's Organization and WebSite, whose
// SearchAction is the directory's search, and /faq's FAQPage.

/** The home page's data: the site's Organization, and the WebSite it publishes, searchable by the directory. */
export function siteStructuredData(origin: string, description: string): Record<string, unknown> {
  const url = new URL('/', origin).href;
  const organization = { '@type': 'Organization', '@id': `${url}#organization`, name: 'FlameKeeper Clubs', url, description };
  return {
    '@context': 'https://schema.org',
    '@graph': [
      { ...organization, logo: new URL('/favicon.svg', origin).href, image: new URL(previewImagePath(''), origin).href },
      {
        '@type': 'WebSite',
        name: 'FlameKeeper Clubs',
        url,
        publisher: { '@id': organization['@id'] },
        // The directory's search box reads a state, city or ZIP code from ?state= (src/lib/client/directory-url.ts).
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: new URL('/flamekeeper-clubs?state={search_term_string}', origin).href },
          'query-input': { '@type': 'PropertyValueSpecification', valueRequired: true, valueName: 'search_term_string' },
        },
      },
    ],
  };
}

/** /faq's questions and answers as an FAQPage. */
export function faqStructuredData(questions: readonly { q: string; a: string }[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: questions.map(({ q, a }) => ({ '@type': 'Question', name: q, acceptedAnswer: { '@type': 'Answer', text: a } })),
  };
}
