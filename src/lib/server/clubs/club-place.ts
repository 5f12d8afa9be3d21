import { stateName, type StateCode } from '#lib/places/us-states.ts';
import { stateOfZipCode } from '#server/places/index.ts';

/**
 * "ZIP code is not in New York" when the ZIP code lies in another state than the club's (an Austin ZIP code with NY
 * made the admins' email read "Austin, NY 78702"); null when it lies in the state, or is one the ZIP code data does
 * not hold (its five digits are all the schema can check then).
 */
export async function zipCodeNotInState(place: { zipCode: string; state: StateCode }): Promise<string | null> {
  const state = await stateOfZipCode(place.zipCode);
  return state && state !== place.state ? `ZIP code is not in ${stateName(place.state)}` : null;
}
