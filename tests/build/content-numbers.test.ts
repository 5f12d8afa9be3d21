import fs from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { licenceTerms } from '#lib/licensing/terms.ts';
import { readTiersFile } from '#server/licensing/tiers-file.ts';
import { readerText } from '../support/reader-text.ts';

// Issue 31, item 3, on this checkout's build: the prices and week themes that the pages show are those of tiers.yaml,
// licence-terms.json and weeks.yaml, and no placeholder is left unfilled. tests/api/publishing.test.ts changes
// the files and publishes a rebuild while the site runs.

const CLIENT_DIR = path.resolve('dist/client');
const tiers = readTiersFile();
const weeks = (load(fs.readFileSync('src/content/weeks.yaml', 'utf8')) as { week: number; theme: string }[]).sort(
  (a, b) => a.week - b.week,
);
const fees = new Set(tiers.flatMap((tier) => [tier.sharedFee, tier.exclusiveFee]));
const dollars = (amount: number) => `$${amount}`;

/** A built page's words as a reader gets them. */
function pageText(page: string): string {
  const html = fs.readFileSync(path.join(CLIENT_DIR, `${page}.html`), 'utf8');
  return readerText(html);
}

describe('the numbers the built pages show', () => {
  // The one amount on these pages that is not a licence fee: what a coach may charge for a session (faq.yaml).
  const SESSION_COST = 'a session costs about $75-150';

  for (const page of ['become-guide', 'faq', 'area-search', 'es/become-guide', 'es/area-search']) {
    it(`/${page} shows only fees of tiers.yaml`, () => {
      const text = pageText(page).replace(SESSION_COST, '');
      const amounts = [...text.matchAll(/\$(\d[\d,]*)/g)].map((match) => Number(match[1]!.replace(/,/g, '')));
      expect(amounts.length).toBeGreaterThan(0);
      expect(amounts.filter((amount) => !fees.has(amount))).toEqual([]);
    });
  }

  it('/become-guide and /faq give the range of every fee for a ZIP code, and the multipliers of licence-terms.json', () => {
    const range = `${dollars(Math.min(...fees))}–${dollars(Math.max(...fees))}/yr`;
    for (const page of ['become-guide', 'faq']) {
      const text = pageText(page);
      expect(text).toContain(range);
      expect(text).toContain(`${licenceTerms.multipliers.county}x population multiplier`);
      expect(text).toContain(`${licenceTerms.multipliers.state}x`);
      expect(text).toContain(licenceTerms.populationSource);
      expect(text).not.toContain('updated automatically,');
    }
  });

  it("/club-schedule and /how-it-works name the weeks' themes of weeks.yaml", () => {
    const firstFour = weeks.slice(0, 4).map((week) => week.theme);
    expect(pageText('club-schedule')).toContain(`${firstFour.slice(0, 3).join(', ')} and ${firstFour[3]}`);
    const howItWorks = pageText('how-it-works');
    for (const { theme } of weeks) expect(howItWorks).toContain(theme);
  });

  it('leaves no placeholder unfilled on any page', () => {
    const pages = fs.readdirSync(CLIENT_DIR).filter((file) => file.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(5);
    for (const page of pages) expect(pageText(page.replace(/\.html$/, '')), page).not.toMatch(/\{[a-z]+\.[\w.-]+\}/);
  });
});
