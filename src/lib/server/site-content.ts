import { getCollection } from 'astro:content';
import type { PriceTier } from '#lib/licensing/pricing.ts';

/** The licence tiers of site content (src/content/tiers.yaml), lowest first. */
export async function loadTiers(): Promise<(PriceTier & { description: string })[]> {
  return (await getCollection('tiers')).map(({ data }) => data).sort((a, b) => a.tier - b.tier);
}
