import type { StateCode } from './us-states.ts';

/**
 * The states whose Spanish name differs from the English one (issue 42: the US states in Spanish), for the Spanish
 * pages: their map and the directory's island, whose Spanish entry alone imports this list. Any other state is
 * written as in English (Texas, California).
 */
export const STATE_NAMES_ES: Readonly<Partial<Record<StateCode, string>>> = {
  HI: 'Hawái',
  LA: 'Luisiana',
  MI: 'Míchigan',
  MS: 'Misisipi',
  MO: 'Misuri',
  NH: 'Nuevo Hampshire',
  NJ: 'Nueva Jersey',
  NM: 'Nuevo México',
  NY: 'Nueva York',
  NC: 'Carolina del Norte',
  ND: 'Dakota del Norte',
  OR: 'Oregón',
  PA: 'Pensilvania',
  SC: 'Carolina del Sur',
  SD: 'Dakota del Sur',
  WV: 'Virginia Occidental',
};
