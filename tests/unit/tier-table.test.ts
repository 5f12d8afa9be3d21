import { describe, expect, it } from 'vitest';
import { tierTableProblems, type PriceTier } from '#lib/licensing/pricing.ts';

const tier = (tier: number, minPopulation: number, maxPopulation: number | null, sharedFee: number, exclusiveFee: number): PriceTier => ({
  tier,
  minPopulation,
  maxPopulation,
  sharedFee,
  exclusiveFee,
});

const GOOD = [tier(1, 0, 4999, 79, 109), tier(2, 5000, 9999, 89, 129), tier(3, 10000, null, 99, 199)];

/** The tiers with one tier's fields changed. */
const changed = (index: number, fields: Partial<PriceTier>) => GOOD.map((entry, at) => (at === index ? { ...entry, ...fields } : entry));

describe('the tier table as one price list', () => {
  it('takes tiers from 0 up without gaps, fees rising, shared never above exclusive, the last open-ended', () => {
    expect(tierTableProblems(GOOD)).toEqual([]);
  });

  it.each([
    [
      'the first tier starting above 0',
      changed(0, { minPopulation: 1 }),
      0,
      'minPopulation',
      'tier 1 starts at 1: the first tier must start at 0',
    ],
    [
      'a tier starting inside the one below',
      changed(1, { minPopulation: 4000 }),
      1,
      'minPopulation',
      "tier 2 starts at 4,000, inside tier 1's range",
    ],
    [
      'a gap between two tiers',
      changed(1, { minPopulation: 6000 }),
      1,
      'minPopulation',
      "tier 2 starts at 6,000, after a gap above tier 1's range",
    ],
    ['an open-ended tier before the last', changed(1, { maxPopulation: null }), 1, 'maxPopulation', 'only the last tier may be open-ended'],
    ['a last tier with an end', changed(2, { maxPopulation: 99999 }), 2, 'maxPopulation', 'the last tier needs `maxPopulation: null`'],
    [
      'a shared fee not above the tier below',
      changed(1, { sharedFee: 79 }),
      1,
      'sharedFee',
      "tier 2 sharedFee $79 is not above tier 1's $79",
    ],
    [
      'an exclusive fee below the tier below',
      changed(2, { exclusiveFee: 120 }),
      2,
      'exclusiveFee',
      "tier 3 exclusiveFee $120 is not above tier 2's $129",
    ],
    [
      'a shared fee above the exclusive fee',
      changed(1, { sharedFee: 500, exclusiveFee: 499 }),
      1,
      'sharedFee',
      'tier 2 sharedFee $500 is above its exclusiveFee $499',
    ],
    ['tiers numbered out of order', [GOOD[1]!, GOOD[0]!, GOOD[2]!], 0, 'tier', 'tier 2 is listed in place 1'],
  ])('refuses %s, naming the tier and field', (_name, tiers, index, field, message) => {
    expect(tierTableProblems(tiers)).toContainEqual({ index, field, message: expect.stringContaining(message) });
  });
});
