// Numbers in a page's locale (en-US unless told: LOCALES of languages.ts), each format made once per locale.
const integers = new Map<string, Intl.NumberFormat>();
const dollarFormats = new Map<string, Intl.NumberFormat>();
const integer = (locale: string) => integers.get(locale) ?? integers.set(locale, new Intl.NumberFormat(locale)).get(locale)!;
const dollars = (locale: string) =>
  dollarFormats.get(locale) ??
  dollarFormats.set(locale, new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })).get(locale)!;

/** A tier's population range: "10,000 – 49,999", or "250,000+" when it has no upper bound. */
export function formatPopulationRange(min: number, max: number | null, locale = 'en-US'): string {
  return max === null ? `${integer(locale).format(min)}+` : `${integer(locale).format(min)} – ${integer(locale).format(max)}`;
}

/** Whole dollars: "$199". */
export function formatDollars(amount: number, locale = 'en-US'): string {
  return dollars(locale).format(amount);
}

/** An amount in a currency's smallest unit (cents), with its currency: "$99.00", "€12.50". */
export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}

/** A whole number with thousands separators: "1,290,188". */
export function formatNumber(value: number, locale = 'en-US'): string {
  return integer(locale).format(value);
}

/** Fills a content template's `{name}` placeholders (the content schemas check that each one is present). */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

const TIME_AGO_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** How long before `now` a moment was, roughly, in the site's English: "2 minutes ago", "yesterday", "just now". */
export function timeAgo(moment: Date, now: Date): string {
  const elapsed = Math.max(0, now.getTime() - moment.getTime());
  const words = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, milliseconds] of TIME_AGO_UNITS) {
    if (elapsed >= milliseconds) return words.format(-Math.floor(elapsed / milliseconds), unit);
  }
  return 'just now';
}
