/** The 50 US states (no DC), as the spec's state field allows. Shared by islands and server. */
export const US_STATES = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
] as const;

export type StateCode = (typeof US_STATES)[number][0];

export const STATE_CODES = US_STATES.map(([code]) => code) as unknown as readonly [StateCode, ...StateCode[]];

const byCodeOrName = new Map<string, StateCode>(
  US_STATES.flatMap(([code, name]) => [
    [code.toLowerCase(), code],
    [name.toLowerCase(), code],
  ]),
);

/** The state a visitor typed, by full name or abbreviation, in any case and spacing; null when it is no state. */
export function resolveState(input: string): StateCode | null {
  return byCodeOrName.get(input.trim().replace(/\s+/g, ' ').toLowerCase()) ?? null;
}

/** A state's full name. */
export function stateName(code: StateCode): string {
  return US_STATES.find(([c]) => c === code)![1];
}

/** "travis county, texas" → the name before the state and the state; the text as it is when it ends in no state. */
export function splitStateSuffix(query: string): { name: string; state: StateCode | null } {
  const words = query.split(/[\s,]+/).filter(Boolean);
  // State names are at most three words ("district of columbia" is not a state).
  for (let count = Math.min(3, words.length - 1); count >= 1; count--) {
    const state = resolveState(words.slice(-count).join(' '));
    if (state) return { name: words.slice(0, -count).join(' '), state };
  }
  return { name: query.replace(/,/g, ' ').replace(/\s+/g, ' ').trim(), state: null };
}
