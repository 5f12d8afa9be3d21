import { resolveState } from '#lib/us-states.ts';
import { findCity, findStateCenter, findZipCode, type Place } from './zip-codes.ts';

const ZIP = /^(\d{5})(?:-\d{4})?$/;
const CITY_NAME = /^\p{L}[\p{L} .'-]*$/u;
// The dataset spells these out ("Saint Louis", "Fort Worth", "Mount Vernon"); visitors often abbreviate them.
const ABBREVIATIONS: Record<string, string> = { st: 'saint', ft: 'fort', mt: 'mount' };

/** "st. louis" → "saint louis": whitespace collapsed, a leading St./Ft./Mt. spelled out. */
function normalizeCity(city: string): string {
  const words = city.trim().replace(/\s+/g, ' ').toLowerCase().split(' ');
  words[0] = ABBREVIATIONS[words[0]!.replace(/\.$/, '')] ?? words[0]!;
  return words.join(' ');
}

/** Whether text is a whole ZIP code ("78704" or "78704-1234"), known or not. */
export function isZipCode(text: string): boolean {
  return ZIP.test(text.trim());
}

/**
 * The place a visitor typed: a state (name or abbreviation, at its center), a ZIP code ("78704" or "78704-1234"),
 * "City, ST" (or "City, State") or "City". Null when it is none of these, or unknown.
 */
export async function findPlace(text: string): Promise<Place | null> {
  const state = resolveState(text);
  if (state) return findStateCenter(state);
  const zip = ZIP.exec(text.trim());
  if (zip) return findZipCode(zip[1]!);

  const [city, stateText, ...rest] = text.split(',');
  const cityState = stateText === undefined ? null : resolveState(stateText);
  if (rest.length > 0 || (stateText !== undefined && !cityState) || !CITY_NAME.test(city!.trim())) return null;
  return findCity(normalizeCity(city!), cityState);
}
