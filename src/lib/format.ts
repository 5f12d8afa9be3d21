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
