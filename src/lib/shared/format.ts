const integer = new Intl.NumberFormat('en-US');
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** A tier's population range: "10,000 – 49,999", or "250,000+" when it has no upper bound. */
export function formatPopulationRange(min: number, max: number | null): string {
  return max === null ? `${integer.format(min)}+` : `${integer.format(min)} – ${integer.format(max)}`;
}

/** Whole dollars: "$199". */
export function formatDollars(amount: number): string {
  return dollars.format(amount);
}

/** An amount in a currency's smallest unit (cents), with its currency: "$99.00", "€12.50". */
export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}

/** A whole number with thousands separators: "1,290,188". */
export function formatNumber(value: number): string {
  return integer.format(value);
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
