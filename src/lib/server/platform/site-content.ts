import { getCollection, getEntry } from 'astro:content';
import type { ReadingPlan } from '#lib/meetings/curriculum.ts';
import type { PriceTier } from '#lib/licensing/pricing.ts';

/**
 * The licence tiers of site content (src/content/tiers.yaml), lowest first, as checked by content.config.ts: what
 * every page and route reads. Code that runs outside Astro, where astro:content does not exist (the demo seed, the
 * benchmark), reads the same file with readTiersFile (#server/licensing/tiers-file.ts).
 */
export async function loadTiers(): Promise<(PriceTier & { description: string })[]> {
  return (await getCollection('tiers')).map(({ data }) => data).sort((a, b) => a.tier - b.tier);
}

/** The reading plan of site content (src/content/weeks.yaml, then schedule.yaml's months), for clubs' calendars. */
export async function loadReadingPlan(): Promise<ReadingPlan> {
  const [weeks, schedule] = await Promise.all([getCollection('weeks'), getEntry('schedule', 'page')]);
  return {
    weeks: weeks.map(({ data }) => ({ week: data.week, theme: data.theme, about: data.description })).sort((a, b) => a.week - b.week),
    months: schedule!.data.months.map(({ month, title, summary }) => ({ month, title, about: summary })),
  };
}

/** The contact page's response times (src/content/contact.yaml), as it lists them. */
export async function loadResponseTimes(): Promise<{ id: string; label: string; time: string }[]> {
  return (await getEntry('contact', 'page'))!.data.responseTimes.map(({ id, label, time }) => ({ id, label, time }));
}
