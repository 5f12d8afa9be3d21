import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { clubsJsonLdText } from '#components/islands/directory/ClubsJsonLd.tsx';
import { clubPagePath } from '#lib/clubs/pages.ts';
import type { PublicClub } from '#lib/directory/types.ts';
import { guidePagePath } from '#lib/guides/types.ts';
import { request, testSql } from '../support/api.ts';
import { insertClub } from '../support/clubs.ts';
import { insertListedGuide } from '../support/guides.ts';

// Issue 41, item 15: the site's JSON-LD used a property schema.org does not give its type (areaServed on a Person).
// Every type and property of every page's JSON-LD is checked here against schema.org's definitions: the type exists,
// the property exists, and its domain includes the type (or one of its superclasses) it is used on.

interface Term {
  '@id': string;
  '@type': string | string[];
  'rdfs:subClassOf'?: { '@id': string } | { '@id': string }[];
  'schema:domainIncludes'?: { '@id': string } | { '@id': string }[];
}

const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const term = (id: string) => id.replace(/^schema:/, '');

const vocabulary = (
  JSON.parse(readFileSync('tests/fixtures/schema-org/schemaorg-current-https.trimmed.jsonld', 'utf8')) as { '@graph': Term[] }
)['@graph'];
const superclasses = new Map<string, string[]>();
const domains = new Map<string, string[]>();
/** Enumeration members (Tuesday, EventScheduled…), which values name by their URL. */
const members = new Set<string>();
for (const entry of vocabulary) {
  const types = list(entry['@type']);
  const id = term(entry['@id']);
  if (types.includes('rdfs:Class'))
    superclasses.set(
      id,
      list(entry['rdfs:subClassOf']).map((ref) => term(ref['@id'])),
    );
  else if (types.includes('rdf:Property'))
    domains.set(
      id,
      list(entry['schema:domainIncludes']).map((ref) => term(ref['@id'])),
    );
  else if (types.some((type) => type.startsWith('schema:'))) members.add(id);
}

/** The type and every class it is a subclass of. */
function lineage(type: string): string[] {
  return [type, ...(superclasses.get(type) ?? []).flatMap(lineage)];
}

/** What in `node` schema.org does not define, each with where it is (`Event.eventSchedule.Schedule.startDate`). */
function vocabularyProblems(node: unknown, at = ''): string[] {
  if (Array.isArray(node)) return node.flatMap((item) => vocabularyProblems(item, at));
  if (typeof node === 'string') {
    const named = /^https:\/\/schema\.org\/(\w+)$/.exec(node)?.[1];
    return named && !members.has(named) && !superclasses.has(named) ? [`${at}: ${node} is no schema.org term`] : [];
  }
  if (node === null || typeof node !== 'object') return [];
  const { '@context': _context, '@id': id, '@type': typed, '@graph': graph, ...properties } = node as Record<string, unknown>;
  if (graph) return vocabularyProblems(graph, at);
  // A reference to a node described elsewhere on the page.
  if (typed === undefined && id !== undefined && Object.keys(properties).length === 0) return [];
  const types = list(typed as string | string[] | undefined);
  if (types.length === 0) return [`${at}: a node without @type`];
  const unknown = types.filter((type) => !superclasses.has(type)).map((type) => `${at}${type}: no schema.org type`);
  const lineages = types.flatMap(lineage);
  const name = types.join('+');
  return [
    ...unknown,
    ...Object.entries(properties).flatMap(([key, value]) => {
      // An Action's "query-input" annotates its "query" (schema.org/docs/actions.html).
      const property = key.replace(/-(input|output)$/, '');
      const domain = domains.get(property);
      const here = `${at}${name}.${key}`;
      if (!domain) return [`${here}: no schema.org property`];
      const problems = vocabularyProblems(value, `${here}.`);
      return domain.some((type) => lineages.includes(type)) ? problems : [`${here}: not a property of ${name}`, ...problems];
    }),
  ];
}

/** Every JSON-LD block of a page, parsed. */
async function jsonLdOf(path: string): Promise<unknown[]> {
  const response = await request(path);
  expect(response.status, path).toBe(200);
  const html = await response.text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as unknown);
  expect(blocks.length, `${path} has JSON-LD`).toBeGreaterThan(0);
  return blocks;
}

let eventClubPath: string;
let plainClubPath: string;
let guide: { path: string; publicId: number };

beforeAll(async () => {
  const sql = testSql();
  const add = async (clubName: string, fixture: Parameters<typeof insertClub>[1]) =>
    clubPagePath({ id: (await insertClub(sql, { clubName, ...fixture })).id, clubName });
  // A Tuesday club whose cycle began on a Thursday, as the reviewer's was.
  eventClubPath = await add('Thursday Start Tuesday Circle', {
    city: 'Austin',
    state: 'TX',
    zipCode: '78704',
    meetings: {
      venueName: 'Riverside Library',
      venueAddress: '12 River Rd',
      meetingSlots: [{ weekday: 'tuesday', start: '19:00', durationMinutes: 90 }],
      meetingFrequency: 'weekly',
      meetingFormat: 'hybrid',
      videoLink: 'https://meet.example.org/thursday-start',
      cycleStart: '2026-01-08',
      timeZone: 'America/Chicago',
    },
  });
  plainClubPath = await add('Untimed Embers', { city: 'Denver', state: 'CO', zipCode: '80202', meetingSchedule: 'Saturdays, 10 AM' });
  const listed = await insertListedGuide(sql, 'Gwen Structura');
  const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#8f3314' } })
    .webp()
    .toBuffer();
  await sql`insert into guide_photos (guide_id, image) values (${listed.userId}, ${photo})`;
  guide = { path: guidePagePath({ id: listed.publicId, name: listed.name }), publicId: listed.publicId };
});

describe("the site's JSON-LD against schema.org's definitions", () => {
  it('finds the properties schema.org does not give a type, such as areaServed on a Person', () => {
    expect(vocabularyProblems({ '@type': 'Person', name: 'A', areaServed: 'Vermont', colour: 'red' })).toEqual([
      'Person.areaServed: not a property of Person',
      'Person.colour: no schema.org property',
    ]);
    expect(vocabularyProblems({ '@type': 'Schedule', byDay: 'https://schema.org/Tuesdy' })).toEqual([
      'Schedule.byDay.: https://schema.org/Tuesdy is no schema.org term',
    ]);
    expect(vocabularyProblems({ '@type': 'Club' })).toEqual(['Club: no schema.org type']);
  });

  it.each([
    ['the home page', '/'],
    ['/faq', '/faq'],
  ])('%s uses only schema.org types and properties on their types', async (_, path) => {
    expect(vocabularyProblems(await jsonLdOf(path))).toEqual([]);
  });

  it("a club's page, as an Event and as an Organization, and a guide's page use only schema.org's terms", async () => {
    for (const path of [eventClubPath, plainClubPath, guide.path]) expect(vocabularyProblems(await jsonLdOf(path)), path).toEqual([]);
  });

  it("the directory's clubs use only schema.org's terms", async () => {
    const clubs = (await (await request('/api/clubs')).json()) as PublicClub[];
    expect(clubs.length).toBeGreaterThan(0);
    expect(vocabularyProblems(JSON.parse(clubsJsonLdText(clubs)))).toEqual([]);
  });
});

describe('what the pages say in it', () => {
  it('the home page: the Organization, and the WebSite with the directory’s search as its SearchAction', async () => {
    const [data] = (await jsonLdOf('/')) as { '@graph': Record<string, unknown>[] }[];
    const [organization, website] = data!['@graph'];
    expect(organization).toMatchObject({ '@type': 'Organization', name: 'FlameKeeper Clubs', url: expect.stringMatching(/\/$/) });
    expect(website).toMatchObject({
      '@type': 'WebSite',
      publisher: { '@id': organization!['@id'] },
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: expect.stringMatching(/\/flamekeeper-clubs\?state=\{search_term_string\}$/) },
        'query-input': { '@type': 'PropertyValueSpecification', valueRequired: true, valueName: 'search_term_string' },
      },
    });
    // The template's search finds clubs: the directory reads ?state= as its search.
    const template = (website!.potentialAction as { target: { urlTemplate: string } }).target.urlTemplate;
    expect((await request(new URL(template.replace('{search_term_string}', 'Austin')).pathname)).status).toBe(200);
  });

  it('/faq: an FAQPage of every question on the page, each with its answer', async () => {
    const [data] = (await jsonLdOf('/faq')) as { mainEntity: { name: string; acceptedAnswer: { text: string } }[] }[];
    const html = await (await request('/faq')).text();
    const shown = [...html.matchAll(/<summary[^>]*>\s*([^<]+?)\s*<svg/g)].map((m) => m[1]!.replace(/&#39;/g, "'"));
    expect(data).toMatchObject({ '@type': 'FAQPage' });
    expect(shown.length).toBeGreaterThan(5);
    expect(data!.mainEntity.map((question) => question.name)).toEqual(shown);
    expect(data!.mainEntity.every((question) => question.acceptedAnswer.text.length > 20)).toBe(true);
  });

  it("a club's Event has its card as image, and a Schedule starting on its first Tuesday, not its cycle's Thursday", async () => {
    const [data] = (await jsonLdOf(eventClubPath)) as Record<string, unknown>[];
    expect(data).toMatchObject({
      '@type': 'Event',
      image: expect.stringMatching(new RegExp(`${eventClubPath}/preview\\.png$`)),
      eventSchedule: [{ byDay: 'https://schema.org/Tuesday', startDate: '2026-01-13' }],
    });
  });

  it("a guide's Person has their photo, and offers a Service in their areas", async () => {
    const [data] = (await jsonLdOf(guide.path)) as Record<string, unknown>[];
    expect(data).toMatchObject({
      '@type': 'Person',
      image: expect.stringMatching(new RegExp(`/api/guides/${guide.publicId}/photo`)),
      makesOffer: {
        '@type': 'Offer',
        itemOffered: { '@type': 'Service', areaServed: [{ '@type': 'AdministrativeArea', name: 'Vermont' }] },
      },
    });
    expect(data).not.toHaveProperty('areaServed');
  });
});
