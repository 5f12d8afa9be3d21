import type { APIRoute } from 'astro';
import { json } from '#server/platform/http/endpoint.ts';
import { loadTiers } from '#server/platform/site-content.ts';

export const prerender = false;

/** The licence tiers from site content (src/content/tiers.yaml). */
export const GET: APIRoute = async () => {
  const tiers = await loadTiers();
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
