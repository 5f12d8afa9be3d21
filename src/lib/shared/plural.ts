// Counts in words, the one way the site says them: "1 club", "2 clubs", never "club(s)". English has two forms;
// Intl.PluralRules chooses between them, as it will for the other languages' forms.
const rules = new Intl.PluralRules('en-US');
const integer = new Intl.NumberFormat('en-US');

/** A word's forms for each plural category English uses. */
export interface PluralForms {
  one: string;
  other: string;
}

/** The form of a word (or words) that `count` takes: `plural(1, { one: 'needs', other: 'need' })` is "needs". */
export function plural(count: number, forms: PluralForms): string {
  return rules.select(count) === 'one' ? forms.one : forms.other;
}

/** A count with its word: "1 club", "1,250 clubs". */
export function countOf(count: number, forms: PluralForms): string {
  return `${integer.format(count)} ${plural(count, forms)}`;
}
