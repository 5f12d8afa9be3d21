// Counts in words, the one way the site says them: "1 club", "2 clubs", never "club(s)". English and Spanish have two
// forms each; Intl.PluralRules chooses between them in the page's locale (en-US unless told).
const rules = new Map<string, Intl.PluralRules>();
const integers = new Map<string, Intl.NumberFormat>();
const kept = <T>(cache: Map<string, T>, locale: string, make: () => T): T =>
  cache.get(locale) ?? (cache.set(locale, make()).get(locale) as T);

/** A word's forms for each plural category English and Spanish use. */
export interface PluralForms {
  one: string;
  other: string;
}

/** The form of a word (or words) that `count` takes: `plural(1, { one: 'needs', other: 'need' })` is "needs". */
export function plural(count: number, forms: PluralForms, locale = 'en-US'): string {
  return kept(rules, locale, () => new Intl.PluralRules(locale)).select(count) === 'one' ? forms.one : forms.other;
}

/** A count with its word: "1 club", "1,250 clubs". */
export function countOf(count: number, forms: PluralForms, locale = 'en-US'): string {
  return `${kept(integers, locale, () => new Intl.NumberFormat(locale)).format(count)} ${plural(count, forms, locale)}`;
}
