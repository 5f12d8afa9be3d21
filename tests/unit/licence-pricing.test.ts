import { readTiersFile } from '#server/licensing/tiers-file.ts';
import { describe, expect, it } from 'vitest';
import { areasOverlap, availabilityOf, type HeldLicence } from '#lib/licensing/availability.ts';
import { priceArea, tierFor } from '#lib/licensing/pricing.ts';
import { licenceTerms } from '#lib/licensing/terms.ts';

const tiers = readTiersFile();
const price = (kind: 'zip' | 'county' | 'state', population: number) => priceArea({ kind, population }, tiers, licenceTerms.multipliers);

describe('pricing', () => {
  it('divides by the multiplier, rounds down and picks the tier: the worked examples', () => {
    expect(price('zip', 49_197)).toEqual({ multiplier: 1, pricedPopulation: 49_197, tier: 3, prices: { shared: 99, exclusive: 199 } });
    expect(price('county', 1_290_188)).toEqual({
      multiplier: 5,
      pricedPopulation: 258_037,
      tier: 5,
      prices: { shared: 249, exclusive: 399 },
    });
    expect(price('state', 576_851)).toEqual({ multiplier: 200, pricedPopulation: 2_884, tier: 1, prices: { shared: 79, exclusive: 109 } });
    expect(price('county', 64)).toMatchObject({ pricedPopulation: 12, tier: 1 });
  });

  it('puts each boundary in the tier whose range holds it, and the largest numbers in the unbounded tier', () => {
    expect(tierFor(4_999, tiers)?.tier).toBe(1);
    expect(tierFor(5_000, tiers)?.tier).toBe(2);
    expect(price('county', 249_999 * 5 + 4).pricedPopulation).toBe(249_999);
    expect(price('county', 250_000 * 5).tier).toBe(5);
    expect(price('state', 39_538_223).tier).toBe(4);
    expect(tierFor(10 ** 9, tiers)?.tier).toBe(5);
  });

  it('fails loudly when the tiers leave a population uncovered', () => {
    expect(() => priceArea({ kind: 'zip', population: 3 }, tiers.slice(1), licenceTerms.multipliers)).toThrow(RangeError);
  });
});

const texas = { kind: 'state', stateCode: 'TX', countyFips: null, zip: null } as const;
const travis = { kind: 'county', stateCode: 'TX', countyFips: '48453', zip: null } as const;
const zip78704 = { kind: 'zip', stateCode: 'TX', countyFips: '48453', zip: '78704' } as const;
const harris = { kind: 'county', stateCode: 'TX', countyFips: '48201', zip: null } as const;
const held = (
  area: typeof texas | typeof travis | typeof zip78704 | typeof harris,
  licenceKind: 'shared' | 'exclusive',
  label: string,
): HeldLicence => ({
  ...area,
  licenceKind,
  label,
  heldUntil: new Date('2027-03-03T12:00:00Z'),
  reserved: false,
});

describe('availability', () => {
  it('overlaps within one state along the nesting only', () => {
    expect(areasOverlap(zip78704, travis)).toBe(true);
    expect(areasOverlap(zip78704, texas)).toBe(true);
    expect(areasOverlap(travis, texas)).toBe(true);
    expect(areasOverlap(zip78704, harris)).toBe(false);
    expect(areasOverlap(texas, { kind: 'state', stateCode: 'OK', countyFips: null, zip: null })).toBe(false);
  });

  it('says why, in the words of the card', () => {
    expect(availabilityOf(zip78704, [held(zip78704, 'exclusive', 'ZIP 78704')]).shared).toEqual({
      available: false,
      reason: 'Held exclusively until March 3, 2027',
    });
    expect(availabilityOf(zip78704, [held(travis, 'exclusive', 'Travis County, TX')]).exclusive).toEqual({
      available: false,
      reason: 'Inside Travis County, TX, which is held exclusively until March 3, 2027',
    });
    const coaches = [1, 2, 3].map(() => held(zip78704, 'shared', 'ZIP 78704'));
    expect(availabilityOf(zip78704, coaches)).toEqual({
      shared: { available: true },
      exclusive: { available: false, reason: '3 coaches hold shared licences here' },
    });
    expect(availabilityOf(harris, [held(travis, 'exclusive', 'Travis County, TX')])).toEqual({
      shared: { available: true },
      exclusive: { available: true },
    });
  });
});
