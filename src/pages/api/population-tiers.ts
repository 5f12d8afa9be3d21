import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { json } from '#server/http/endpoint.ts';

export const prerender = false;

/** The licence tiers from site content (src/content/tiers.yaml). */
export const GET: APIRoute = async () => {
  const tiers = (await getCollection('tiers')).map(({ data }) => data).sort((a, b) => a.tier - b.tier);
  return json(
    tiers.map(({ tier, description, minPopulation, maxPopulation, sharedFee, exclusiveFee }) => ({
      tier,
      description,
      minPopulation,
      maxPopulation,
      sharedFee,
      exclusiveFee,
    })),
    200,
    { 'cache-control': 'public, max-age=300' },
  );
};
