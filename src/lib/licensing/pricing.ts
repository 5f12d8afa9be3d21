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

/** What is wrong with the tiers as one price list: the tier, by its place in the list, and the field at fault. */
export interface TierTableProblem {
  index: number;
  field: keyof PriceTier;
  message: string;
}

/**
 * The tiers as one price list, in the order listed: numbered 1, 2, 3…; populations from 0 up with no gap or overlap
 * (each tier starts the number after the one before ends), only the last without an end; each fee above the tier
 * before's; and a shared licence never dearer than an exclusive one. tierFor and priceArea rely on it.
 */
export function tierTableProblems(tiers: readonly PriceTier[]): TierTableProblem[] {
  const problems: TierTableProblem[] = [];
  const dollars = (fee: number) => `$${fee.toLocaleString('en-US')}`;
  const people = (count: number) => count.toLocaleString('en-US');
  tiers.forEach((tier, index) => {
    const before = tiers[index - 1];
    const problem = (field: keyof PriceTier, message: string) => problems.push({ index, field, message: `tier ${tier.tier} ${message}` });
    if (tier.tier !== index + 1) problem('tier', `is listed in place ${index + 1}: number the tiers 1, 2, 3… in order.`);
    if (!before && tier.minPopulation !== 0) {
      problem('minPopulation', `starts at ${people(tier.minPopulation)}: the first tier must start at 0, or smaller areas have no price.`);
    }
    if (before?.maxPopulation != null && tier.minPopulation !== before.maxPopulation + 1) {
      const how = tier.minPopulation <= before.maxPopulation ? 'inside' : 'after a gap above';
      problem(
        'minPopulation',
        `starts at ${people(tier.minPopulation)}, ${how} tier ${before.tier}'s range (up to ${people(before.maxPopulation)}): it must start at ${people(before.maxPopulation + 1)}.`,
      );
    }
    if (tier.maxPopulation === null && index < tiers.length - 1) {
      problem('maxPopulation', 'has no upper population, but is not the last tier: only the last tier may be open-ended.');
    }
    if (tier.maxPopulation !== null && index === tiers.length - 1) {
      problem(
        'maxPopulation',
        `ends at ${people(tier.maxPopulation)}: the last tier needs \`maxPopulation: null\`, or larger areas have no price.`,
      );
    }
    for (const field of ['sharedFee', 'exclusiveFee'] as const) {
      if (before && tier[field] <= before[field]) {
        problem(
          field,
          `${field} ${dollars(tier[field])} is not above tier ${before.tier}'s ${dollars(before[field])}: fees rise with the tier.`,
        );
      }
    }
    if (tier.sharedFee > tier.exclusiveFee) {
      problem(
        'sharedFee',
        `sharedFee ${dollars(tier.sharedFee)} is above its exclusiveFee ${dollars(tier.exclusiveFee)}: a shared licence costs at most an exclusive one.`,
      );
    }
  });
  return problems;
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
