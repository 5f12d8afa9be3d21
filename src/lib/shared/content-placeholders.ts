import { formatDollars, formatPopulationRange } from '#lib/shared/format.ts';
import type { LicenceTerms } from '#lib/licensing/terms.ts';
import type { PriceTier } from '#lib/licensing/pricing.ts';
import { LOCALES, type Language } from '#lib/shared/languages.ts';

// Numbers and names that content prose repeats ("ZIP pricing {tiers.priceRange}/yr", "with {weeks.1-4.themes}") are
// written once, in tiers.yaml, licence-terms.json and weeks.yaml, and filled in wherever the content is read
// (#server/platform/site-content.ts). A placeholder's name always has a dot, which keeps it apart from the `{fee}`-style
// blanks that a page fills itself (fillTemplate), and an unknown one stops the build.

/** What the placeholders are computed from: the content files as their collections (or licence terms) give them. */
export interface PlaceholderSources {
  tiers: readonly PriceTier[];
  weeks: readonly { week: number; theme: string }[];
  terms: Pick<LicenceTerms, 'multipliers' | 'populationSource' | 'paymentDays' | 'termMonths' | 'renewalNoticeDays' | 'exclusiveGraceDays'>;
}

/** A placeholder: `{` a lowercase word, a dot, then letters, digits, dots and hyphens `}`. */
const PLACEHOLDER = /\{([a-z]+\.[\w.-]+)\}/g;

/** "$79–$399", or "$79" when both ends are the same, in `locale`. */
function dollarRange(amounts: readonly number[], locale: string): string {
  const low = Math.min(...amounts);
  const high = Math.max(...amounts);
  return low === high ? formatDollars(low, locale) : `${formatDollars(low, locale)}–${formatDollars(high, locale)}`;
}

const AND: Record<Language, string> = { en: 'and', es: 'y' };

/** "a", "a and b", "a, b and c" (in Spanish "a, b y c"). */
function listAnd(items: readonly string[], language: Language): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${AND[language]} ${items.at(-1)}`;
}

/** Every run of consecutive items, first to last (a run of one included), with its label: "3" or "1-2". */
function runs<T>(items: readonly T[], numberOf: (item: T) => number): { label: string; items: T[] }[] {
  const result: { label: string; items: T[] }[] = [];
  for (let first = 0; first < items.length; first += 1) {
    for (let last = first; last < items.length; last += 1) {
      if (last > first && numberOf(items[last]!) !== numberOf(items[last - 1]!) + 1) break;
      const from = numberOf(items[first]!);
      const to = numberOf(items[last]!);
      result.push({ label: from === to ? String(from) : `${from}-${to}`, items: items.slice(first, last + 1) });
    }
  }
  return result;
}

/**
 * The placeholders content text may use, by name (without braces), computed from the sources (the weeks of the
 * content's own language). Listed for editors in docs/editing.md.
 */
export function contentPlaceholders({ tiers, weeks, terms }: PlaceholderSources, language: Language = 'en'): ReadonlyMap<string, string> {
  const values = new Map<string, string>();
  const locale = LOCALES[language];
  const range = (amounts: readonly number[]) => dollarRange(amounts, locale);
  const sortedTiers = [...tiers].sort((a, b) => a.tier - b.tier);
  const fees = (group: readonly PriceTier[]) => group.flatMap((tier) => [tier.sharedFee, tier.exclusiveFee]);

  values.set('tiers.count', String(sortedTiers.length));
  if (sortedTiers.length > 0) {
    values.set('tiers.priceRange', range(fees(sortedTiers)));
    values.set('tiers.sharedRange', range(sortedTiers.map((tier) => tier.sharedFee)));
    values.set('tiers.exclusiveRange', range(sortedTiers.map((tier) => tier.exclusiveFee)));
  }
  for (const tier of sortedTiers) {
    values.set(`tiers.${tier.tier}.sharedFee`, formatDollars(tier.sharedFee, locale));
    values.set(`tiers.${tier.tier}.exclusiveFee`, formatDollars(tier.exclusiveFee, locale));
  }
  for (const run of runs(sortedTiers, (tier) => tier.tier)) {
    values.set(`tiers.${run.label}.priceRange`, range(fees(run.items)));
    values.set(
      `tiers.${run.label}.population`,
      formatPopulationRange(run.items[0]!.minPopulation, run.items.at(-1)!.maxPopulation, locale),
    );
  }

  for (const [kind, multiplier] of Object.entries(terms.multipliers)) values.set(`multipliers.${kind}`, String(multiplier));
  values.set('terms.populationSource', terms.populationSource);
  values.set('terms.paymentDays', String(terms.paymentDays));
  values.set('terms.termMonths', String(terms.termMonths));
  values.set('terms.renewalNoticeDays', String(terms.renewalNoticeDays));
  values.set('terms.exclusiveGraceDays', String(terms.exclusiveGraceDays));

  const sortedWeeks = [...weeks].sort((a, b) => a.week - b.week);
  values.set('weeks.count', String(sortedWeeks.length));
  values.set(
    'weeks.themes',
    listAnd(
      sortedWeeks.map((week) => week.theme),
      language,
    ),
  );
  for (const week of sortedWeeks) values.set(`weeks.${week.week}.theme`, week.theme);
  for (const run of runs(sortedWeeks, (week) => week.week)) {
    if (run.items.length > 1)
      values.set(
        `weeks.${run.label}.themes`,
        listAnd(
          run.items.map((week) => week.theme),
          language,
        ),
      );
  }
  return values;
}

/** The names of `text`'s placeholders that have no value: what `npm run content:check` reports before a build would. */
export function unknownPlaceholders(text: string, values: ReadonlyMap<string, string>): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!).filter((name) => !values.has(name));
}

/**
 * `text` with its placeholders replaced by their values. Throws naming `where` (the file and field) on an unknown
 * placeholder, so that a typo fails the build instead of reaching a page.
 */
export function fillPlaceholders(text: string, values: ReadonlyMap<string, string>, where: string): string {
  return text.replace(PLACEHOLDER, (_match, name: string) => {
    const value = values.get(name);
    if (value === undefined) {
      // The family's names without a number ({tiers.priceRange}); the numbered ones ({tiers.3.sharedFee}) are many.
      const family = name.slice(0, name.indexOf('.') + 1);
      const like = [...values.keys()].filter((key) => key.startsWith(family) && !/\d/.test(key)).map((key) => `{${key}}`);
      throw new Error(
        `${where}: unknown placeholder {${name}}.${like.length > 0 ? ` Did you mean one of ${like.join(', ')}?` : ''} docs/editing.md lists every placeholder.`,
      );
    }
    return value;
  });
}

/** `data` with every string in it filled (fillPlaceholders), arrays and plain objects walked; `where` names its file. */
export function fillPlaceholdersIn<T>(data: T, values: ReadonlyMap<string, string>, where: string): T {
  if (typeof data === 'string') return fillPlaceholders(data, values, where) as T;
  if (Array.isArray(data)) return data.map((item, index) => fillPlaceholdersIn(item, values, `${where}[${index}]`)) as T;
  if (data !== null && typeof data === 'object' && Object.getPrototypeOf(data) === Object.prototype) {
    return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, fillPlaceholdersIn(value, values, `${where}.${key}`)])) as T;
  }
  return data;
}
