import { describe, expect, it } from 'vitest';
import { citationMatches, citedTitles, testOutline, testTitles } from '../../scripts/docs/test-titles.ts';

// `npm run docs:security` lists the titles of the tests docs/security.md cites, and refuses a citation of a test
// that is not there (scripts/docs/test-titles.ts).

const source = [
  "describe('the webhook', () => {",
  "  it('refuses a missing or wrong signature with 401 and stores nothing', () => {});",
  '  it(`allows ${limits.perHour} deliveries an hour`, () => {});',
  '  describe(\'with "quotes" in a block\', () => {',
  "    it.each([1])('acts once on delivery %s', () => {});",
  '  });',
  '});',
  "test('a test outside', () => {});",
].join('\n');

describe('the test titles of a file', () => {
  it('are found with the blocks around them, an interpolated name shown as {name}', () => {
    expect(testTitles(source).map(({ path }) => path.join(' › '))).toEqual([
      'the webhook',
      'the webhook › refuses a missing or wrong signature with 401 and stores nothing',
      'the webhook › allows {limits.perHour} deliveries an hour',
      'the webhook › with "quotes" in a block',
      'the webhook › with "quotes" in a block › acts once on delivery %s',
      'a test outside',
    ]);
    expect(testOutline(source).split('\n')[0]).toBe('- **the webhook**');
    expect(testOutline('const x = 1;')).toBe('(no titled tests)');
  });
});

describe('the test titles a document cites', () => {
  it('are the quoted titles after a test file, not a remark in parentheses', () => {
    const markdown =
      '| a | b | `tests/api/x.test.ts` ("first", "three \\"quoted\\" words › …", "a `;` cell, …"), `tests/api/y.test.ts` (fast-check) |';
    expect(citedTitles(markdown)).toEqual([
      { file: 'tests/api/x.test.ts', quoted: 'first' },
      { file: 'tests/api/x.test.ts', quoted: 'three "quoted" words › …' },
      { file: 'tests/api/x.test.ts', quoted: 'a `;` cell, …' },
    ]);
  });

  it('match a title whole, an interpolation standing for its value, or in parts around "…", or a block › test path', () => {
    const titles = testTitles(source);
    for (const cited of [
      'refuses a missing or wrong signature with 401 and stores nothing',
      'allows 100 deliveries an hour',
      'refuses a missing or wrong signature …',
      '… wrong signature … stores nothing',
      'with "quotes" in a block › acts once on …',
      'the webhook › …',
    ])
      expect(citationMatches(cited, titles), cited).toBe(true);
    for (const cited of [
      'refuses a missing or wrong signature with 401',
      'acts once on a repeated delivery',
      'stores nothing … refuses',
      'a test outside › …',
      'the webhook › a test outside',
    ])
      expect(citationMatches(cited, titles), cited).toBe(false);
  });
});
