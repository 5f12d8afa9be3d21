import { getCollection, getEntry, type CollectionEntry, type CollectionKey } from 'astro:content';
import { contentPlaceholders, fillPlaceholdersIn } from '#lib/shared/content-placeholders.ts';
import { licenceTerms } from '#lib/licensing/terms.ts';
import { readingPlanOf, type ReadingPlan } from '#lib/clubs/meetings/curriculum.ts';
import type { PriceTier } from '#lib/licensing/pricing.ts';
import type { Language } from '#lib/shared/languages.ts';

/** The collections that have a Spanish twin (`faq` and `faqEs`, docs/decisions/041), by their English name. */
export type TranslatedCollection = { [C in CollectionKey]: `${C}Es` extends CollectionKey ? C : never }[CollectionKey];

/** The collection that holds `collection`'s words in `language`. */
function collectionIn<C extends CollectionKey>(collection: C, language: Language): C {
  return (language === 'en' ? collection : `${collection}Es`) as C;
}

/**
 * The licence tiers of site content (src/content/tiers.yaml), lowest first, as checked by content.config.ts: what
 * every page and route reads; in Spanish, src/content/es/tiers.yaml, whose descriptions are Spanish and whose numbers
 * the content check holds to the English file's. Code that runs outside Astro, where astro:content does not exist (the
 * demo seed, the benchmark), reads the English file with readTiersFile (#server/licensing/tiers-file.ts).
 */
export async function loadTiers(language: Language = 'en'): Promise<(PriceTier & { description: string })[]> {
  return (await getCollection(collectionIn('tiers', language))).map(({ data }) => data).sort((a, b) => a.tier - b.tier);
}

/**
 * The values of the `{tiers.…}`, `{multipliers.…}`, `{terms.…}` and `{weeks.…}` placeholders (content-placeholders.ts)
 * for content in `language`: the week themes are that language's.
 */
async function computePlaceholders(language: Language): Promise<ReadonlyMap<string, string>> {
  const [tiers, weeks] = await Promise.all([loadTiers(), getCollection(collectionIn('weeks', language))]);
  return contentPlaceholders({ tiers, weeks: weeks.map(({ data }) => data), terms: licenceTerms }, language);
}

// Content is part of the build, so the built server computes the placeholders once: computing them on every request
// took 5 % of a server-rendered page's CPU (/wanted/tx, profiled). The dev server reads content as it is edited.
const placeholders = new Map<Language, Promise<ReadonlyMap<string, string>>>();
function loadPlaceholders(language: Language): Promise<ReadonlyMap<string, string>> {
  if (import.meta.env.DEV) return computePlaceholders(language);
  if (!placeholders.has(language)) placeholders.set(language, computePlaceholders(language));
  return placeholders.get(language)!;
}

/**
 * One page's words (the entry `page` of a single-file collection such as licensing.yaml) with their placeholders
 * filled, in `language` for a collection that has a Spanish twin. Pages read content through this and readCollection,
 * so a placeholder works in any content file, and an unknown one fails the build naming the file and the field.
 */
export async function readPage<C extends TranslatedCollection>(collection: C, language: Language): Promise<CollectionEntry<C>['data']>;
export async function readPage<C extends CollectionKey>(collection: C): Promise<CollectionEntry<C>['data']>;
export async function readPage<C extends CollectionKey>(collection: C, language: Language = 'en'): Promise<CollectionEntry<C>['data']> {
  const [entry, values] = await Promise.all([getEntry(collectionIn(collection, language), 'page'), loadPlaceholders(language)]);
  if (!entry) throw new Error(`The content collection ${collectionIn(collection, language)} has no page entry`);
  return fillPlaceholdersIn(entry.data, values, entry.filePath ?? collection);
}

/**
 * Every entry's data of a collection (faq.yaml's categories, weeks.yaml's weeks…) with their placeholders filled, in
 * `language` for a collection that has a Spanish twin.
 */
export async function readCollection<C extends TranslatedCollection>(
  collection: C,
  language: Language,
): Promise<CollectionEntry<C>['data'][]>;
export async function readCollection<C extends CollectionKey>(collection: C): Promise<CollectionEntry<C>['data'][]>;
export async function readCollection<C extends CollectionKey>(
  collection: C,
  language: Language = 'en',
): Promise<CollectionEntry<C>['data'][]> {
  const [entries, values] = await Promise.all([getCollection(collectionIn(collection, language)), loadPlaceholders(language)]);
  return entries.map((entry) => fillPlaceholdersIn(entry.data, values, `${entry.filePath ?? collection} (${entry.id})`));
}

/** The entries of a Markdown collection (the policies) in `language`, to render. */
export async function readDocuments<C extends TranslatedCollection>(collection: C, language: Language): Promise<CollectionEntry<C>[]> {
  return getCollection(collectionIn(collection, language));
}

/**
 * The reading plan of site content (src/content/weeks.yaml, then schedule.yaml's months), for clubs' calendars; in
 * Spanish, the Spanish weeks and months, titled as how-it-works.yaml's week label and schedule.yaml's month label say.
 */
export async function loadReadingPlan(language: Language = 'en'): Promise<ReadingPlan> {
  const [weeks, schedule] = await Promise.all([readCollection('weeks', language), readPage('schedule', language)]);
  const plan = readingPlanOf(weeks, schedule.months);
  if (language === 'en') return plan;
  const { journey } = await readPage('howItWorks', language);
  return { ...plan, titles: { week: `${journey.weekLabel} — {theme}`, month: `${schedule.monthLabel} {month} — {title}` } };
}

/** The contact page's response times (src/content/contact.yaml, or its Spanish twin), as it lists them. */
export async function loadResponseTimes(language: Language = 'en'): Promise<{ id: string; label: string; time: string }[]> {
  return (await readPage('contact', language)).responseTimes.map(({ id, label, time }) => ({ id, label, time }));
}
