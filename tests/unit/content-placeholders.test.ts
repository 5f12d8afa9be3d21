import fs from 'node:fs';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { contentPlaceholders, fillPlaceholders, fillPlaceholdersIn, type PlaceholderSources } from '#lib/shared/content-placeholders.ts';
import { licenceTerms } from '#lib/licensing/terms.ts';
import { readTiersFile } from '#server/licensing/tiers-file.ts';

const weeks = load(fs.readFileSync('src/content/weeks.yaml', 'utf8')) as { week: number; theme: string }[];
const sources: PlaceholderSources = { tiers: readTiersFile(), weeks, terms: licenceTerms };

describe('the content placeholders', () => {
  it('work out the price ranges from the tiers of tiers.yaml', () => {
    const values = contentPlaceholders(sources);
    expect(values.get('tiers.count')).toBe('5');
    expect(values.get('tiers.priceRange')).toBe('$79–$399');
    expect(values.get('tiers.sharedRange')).toBe('$79–$249');
    expect(values.get('tiers.exclusiveRange')).toBe('$109–$399');
    expect(values.get('tiers.1-2.priceRange')).toBe('$79–$129');
    expect(values.get('tiers.1-2.population')).toBe('0 – 9,999');
    expect(values.get('tiers.3.priceRange')).toBe('$99–$199');
    expect(values.get('tiers.3.population')).toBe('10,000 – 49,999');
    expect(values.get('tiers.4-5.priceRange')).toBe('$199–$399');
    expect(values.get('tiers.4-5.population')).toBe('50,000+');
    expect(values.get('tiers.5.exclusiveFee')).toBe('$399');
  });

  it('follow a changed fee everywhere it counts', () => {
    const tiers = sources.tiers.map((tier) =>
      tier.tier === 1 ? { ...tier, sharedFee: 59 } : tier.tier === 5 ? { ...tier, exclusiveFee: 449 } : tier,
    );
    const values = contentPlaceholders({ ...sources, tiers });
    expect(values.get('tiers.priceRange')).toBe('$59–$449');
    expect(values.get('tiers.sharedRange')).toBe('$59–$249');
    expect(values.get('tiers.exclusiveRange')).toBe('$109–$449');
    expect(values.get('tiers.1-2.priceRange')).toBe('$59–$129');
    expect(values.get('tiers.4-5.priceRange')).toBe('$199–$449');
    expect(values.get('tiers.1.sharedFee')).toBe('$59');
  });

  it('give the multipliers and terms of licence-terms.json', () => {
    const values = contentPlaceholders(sources);
    expect(values.get('multipliers.county')).toBe('5');
    expect(values.get('multipliers.state')).toBe('200');
    expect(values.get('terms.populationSource')).toBe('US Census 2020');
    expect(values.get('terms.renewalNoticeDays')).toBe(String(licenceTerms.renewalNoticeDays));
    expect(values.get('terms.exclusiveGraceDays')).toBe(String(licenceTerms.exclusiveGraceDays));
  });

  it("list the weeks' themes of weeks.yaml, and a renamed week in every list that holds it", () => {
    const values = contentPlaceholders(sources);
    expect(values.get('weeks.1-4.themes')).toBe('Awakening, Reflection, Clarity and Integration');
    expect(values.get('weeks.5-8.themes')).toBe('Expression, Connection, Service and Becoming');
    expect(values.get('weeks.themes')).toBe('Awakening, Reflection, Clarity, Integration, Expression, Connection, Service and Becoming');
    expect(values.get('weeks.3.theme')).toBe('Clarity');

    const renamed = contentPlaceholders({
      ...sources,
      weeks: weeks.map((week) => (week.week === 1 ? { ...week, theme: 'Kindling' } : week)),
    });
    expect(renamed.get('weeks.1-4.themes')).toBe('Kindling, Reflection, Clarity and Integration');
    expect(renamed.get('weeks.themes')).toMatch(/^Kindling, Reflection/);
  });

  it("fill a text's placeholders and leave the blanks a page fills itself ({fee})", () => {
    const values = contentPlaceholders(sources);
    expect(fillPlaceholders('ZIP pricing {tiers.priceRange}/yr, {fee} each', values, 'licensing.yaml')).toBe(
      'ZIP pricing $79–$399/yr, {fee} each',
    );
  });

  it('refuse an unknown placeholder, naming the file, the field and the names it may have meant', () => {
    const values = contentPlaceholders(sources);
    const data = { questions: [{ q: 'Cost?', a: 'From {tiers.priceRnge}.' }] };
    expect(() => fillPlaceholdersIn(data, values, 'src/content/faq.yaml (pricing)')).toThrow(
      /^src\/content\/faq\.yaml \(pricing\)\.questions\[0\]\.a: unknown placeholder \{tiers\.priceRnge\}\. Did you mean one of .*\{tiers\.priceRange\}/,
    );
    expect(() => fillPlaceholders('{tiers.6.sharedFee}', values, 'tiers')).toThrow(/unknown placeholder \{tiers\.6\.sharedFee\}/);
  });

  it('walk arrays and objects, leaving numbers and dates as they are', () => {
    const values = contentPlaceholders(sources);
    const effective = new Date('2024-01-01');
    expect(fillPlaceholdersIn({ n: 3, when: effective, list: ['{weeks.1.theme}', { x: '{multipliers.zip}x' }] }, values, 'f')).toEqual({
      n: 3,
      when: effective,
      list: ['Awakening', { x: '1x' }],
    });
  });
});
