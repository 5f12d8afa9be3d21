import type { AreaKind, LicenceKind } from '#lib/licensing/types.ts';

/** A population tier of src/content/tiers.yaml: the fees are whole dollars a year. */
export interface PriceTier {
  tier: number;
  minPopulation: number;
  maxPopulation: number | null;
  sharedFee: number;
  exclusiveFee: number;
}

/** What an area costs, and the arithmetic that got there. */
export interface AreaPrice {
  multiplier: number;
  /** ⌊population ÷ multiplier⌋. */
  pricedPopulation: number;
  tier: number;
  prices: Record<LicenceKind, number>;
}

/** The tier whose range holds `value` (min ≤ value ≤ max, or min ≤ value for the unbounded tier); null when none does. */
export function tierFor(value: number, tiers: readonly PriceTier[]): PriceTier | null {
  return tiers.find((tier) => value >= tier.minPopulation && (tier.maxPopulation === null || value <= tier.maxPopulation)) ?? null;
}

/**
 * The yearly prices of an area of this kind and population: its population divided by the kind's multiplier,
 * rounded down, chooses the tier. Throws when the tiers leave that number uncovered (a content error, not a visitor's).
 */
export function priceArea(
  area: { kind: AreaKind; population: number },
  tiers: readonly PriceTier[],
  multipliers: Record<AreaKind, number>,
): AreaPrice {
  const multiplier = multipliers[area.kind];
  const pricedPopulation = Math.floor(area.population / multiplier);
  const tier = tierFor(pricedPopulation, tiers);
  if (!tier) throw new RangeError(`No tier covers a population of ${pricedPopulation}`);
  return { multiplier, pricedPopulation, tier: tier.tier, prices: { shared: tier.sharedFee, exclusive: tier.exclusiveFee } };
}
