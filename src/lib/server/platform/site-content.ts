import { getCollection, getEntry, type CollectionEntry, type CollectionKey } from 'astro:content';
import { contentPlaceholders, fillPlaceholdersIn } from '#lib/shared/content-placeholders.ts';
import { licenceTerms } from '#lib/licensing/terms.ts';
import { readingPlanOf, type ReadingPlan } from '#lib/clubs/meetings/curriculum.ts';
import type { PriceTier } from '#lib/licensing/pricing.ts';

/**
 * The licence tiers of site content (src/content/tiers.yaml), lowest first, as checked by content.config.ts: what
 * every page and route reads. Code that runs outside Astro, where astro:content does not exist (the demo seed, the
 * benchmark), reads the same file with readTiersFile (#server/licensing/tiers-file.ts).
 */
export async function loadTiers(): Promise<(PriceTier & { description: string })[]> {
  return (await getCollection('tiers')).map(({ data }) => data).sort((a, b) => a.tier - b.tier);
}

/** The values of the `{tiers.…}`, `{multipliers.…}`, `{terms.…}` and `{weeks.…}` placeholders (content-placeholders.ts). */
async function computePlaceholders(): Promise<ReadonlyMap<string, string>> {
  const [tiers, weeks] = await Promise.all([loadTiers(), getCollection('weeks')]);
  return contentPlaceholders({ tiers, weeks: weeks.map(({ data }) => data), terms: licenceTerms });
}

// Content is part of the build, so the built server computes the placeholders once: computing them on every request
// took 5 % of a server-rendered page's CPU (/wanted/tx, profiled). The dev server reads content as it is edited.
let placeholders: Promise<ReadonlyMap<string, string>> | undefined;
const loadPlaceholders = (): Promise<ReadonlyMap<string, string>> =>
  import.meta.env.DEV ? computePlaceholders() : (placeholders ??= computePlaceholders());

/**
 * One page's words (the entry `page` of a single-file collection such as licensing.yaml) with their placeholders
 * filled. Pages read content through this and readCollection, so a placeholder works in any content file, and an
 * unknown one fails the build naming the file and the field.
 */
export async function readPage<C extends CollectionKey>(collection: C): Promise<CollectionEntry<C>['data']> {
  const [entry, values] = await Promise.all([getEntry(collection, 'page'), loadPlaceholders()]);
  if (!entry) throw new Error(`The content collection ${collection} has no page entry`);
  return fillPlaceholdersIn(entry.data, values, entry.filePath ?? collection);
}

/** Every entry's data of a collection (faq.yaml's categories, weeks.yaml's weeks…) with their placeholders filled. */
export async function readCollection<C extends CollectionKey>(collection: C): Promise<CollectionEntry<C>['data'][]> {
  const [entries, values] = await Promise.all([getCollection(collection), loadPlaceholders()]);
  return entries.map((entry) => fillPlaceholdersIn(entry.data, values, `${entry.filePath ?? collection} (${entry.id})`));
}

/** The reading plan of site content (src/content/weeks.yaml, then schedule.yaml's months), for clubs' calendars. */
export async function loadReadingPlan(): Promise<ReadingPlan> {
  const [weeks, schedule] = await Promise.all([readCollection('weeks'), readPage('schedule')]);
  return readingPlanOf(weeks, schedule.months);
}

/** The contact page's response times (src/content/contact.yaml), as it lists them. */
export async function loadResponseTimes(): Promise<{ id: string; label: string; time: string }[]> {
  return (await readPage('contact')).responseTimes.map(({ id, label, time }) => ({ id, label, time }));
}
