import { resolveState, splitStateSuffix, type StateCode } from '#lib/places/us-states.ts';
import { cityStates, findCity, findCityZipCodes, findStateCenter, findZipCode, suggestCities, type Place } from './zip-codes.ts';

const ZIP = /^(\d{5})(?:-\d{4})?$/;
const CITY_NAME = /^\p{L}[\p{L} .'-]*$/u;
// The dataset spells these out ("Saint Louis", "Fort Worth", "Mount Vernon"); visitors often abbreviate them.
const ABBREVIATIONS: Record<string, string> = { st: 'saint', ft: 'fort', mt: 'mount' };
// Whole names visitors type for a city the dataset names otherwise.
const CITY_ALIASES: Record<string, string> = { 'new york city': 'new york', nyc: 'new york' };
/**
 * "Clearly more people": a city name found in several states means the state where it has the most people (the 2020
 * census populations of its ZIP codes) only when that is at least this many times the next state's; otherwise the
 * visitor chooses. By the real data: "Portland" is Oregon (940,940 people to Maine's 67,429: 14×), "Austin" Texas,
 * "Kansas City" Missouri (3.7×); "Springfield" asks (Missouri 235,840, Massachusetts 146,445, Illinois 138,293: 1.6×),
 * as do "Aurora" (Colorado 2.4× Illinois) and "Arlington" (Texas 1.7× Virginia). ZIP codes do not follow people:
 * Springfield, IL has the most of them and the fewest people of the three.
 */
const CLEAR_LEAD = 3;

/** "st. louis" → "saint louis": whitespace collapsed, a leading St./Ft./Mt. spelled out, a known alias replaced. */
function normalizeCity(city: string): string {
  const words = city.trim().replace(/\s+/g, ' ').toLowerCase().split(' ');
  words[0] = ABBREVIATIONS[words[0]!.replace(/\.$/, '')] ?? words[0]!;
  const name = words.join(' ');
  return CITY_ALIASES[name] ?? name;
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

  return firstFound(cityReadings(text), (city) => findCity(city.name, city.state));
}

type CityReading = { name: string; state: StateCode | null };

/**
 * The cities a visitor may mean, likeliest first: "Austin, TX" or "Austin, Texas" one; "Austin TX" the city in that
 * state, then a city named all of it (as "Fort Washington" is, whose last word names a state too).
 */
function cityReadings(text: string): CityReading[] {
  const [city, stateText, ...rest] = text.split(',');
  if (stateText !== undefined) {
    const state = resolveState(stateText);
    return rest.length > 0 || !state || !CITY_NAME.test(city!.trim()) ? [] : [{ name: normalizeCity(city!), state }];
  }
  const split = splitStateSuffix(text);
  const readings = split.state ? [split, { name: text, state: null }] : [{ name: text, state: null }];
  return readings.filter(({ name }) => CITY_NAME.test(name.trim())).map(({ name, state }) => ({ name: normalizeCity(name), state }));
}

async function firstFound<T>(readings: CityReading[], find: (city: CityReading) => Promise<T | null>): Promise<T | null> {
  for (const reading of readings) {
    const found = await find(reading);
    if (found) return found;
  }
  return null;
}

/**
 * The cities a visitor may mean by a name typed without its state, as "Springfield, MO", most people first, when
 * it names a city in several states and none has a clear lead (CLEAR_LEAD); null otherwise, and findPlace decides.
 */
export async function ambiguousCity(text: string, limit = 6): Promise<string[] | null> {
  if (text.includes(',') || resolveState(text) || splitStateSuffix(text).state || !CITY_NAME.test(text.trim())) return null;
  const states = await cityStates(normalizeCity(text));
  if (states.length < 2 || states[0]!.population >= CLEAR_LEAD * states[1]!.population) return null;
  return states.slice(0, limit).map(({ city, state }) => `${city}, ${state}`);
}

/** The ZIP codes of the city a visitor typed ("Austin, TX", "Austin TX", "Austin"), read as findPlace reads it; null for none. */
export function findCityPlace(text: string): Promise<{ name: string; stateCode: string; zips: string[] } | null> {
  return firstFound(cityReadings(text), (city) => findCityZipCodes(city.name, city.state));
}

/** The cities whose names begin with what a visitor is typing ("aus", "austin tx", "St. Lou"), for suggestions. */
export async function suggestCityNames(text: string, limit: number): Promise<{ name: string; population: number }[]> {
  const { name, state } = splitStateSuffix(text);
  return CITY_NAME.test(name) ? suggestCities(normalizeCity(name), state, limit) : [];
}
