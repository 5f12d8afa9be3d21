import { stateName, type StateCode } from '#lib/places/us-states.ts';
import { stateOfZipCode } from '#server/places/index.ts';
import type { TransactionSql } from '#server/platform/db/db.ts';

/**
 * "ZIP code is not in New York" when the ZIP code lies in another state than the club's (an Austin ZIP code with NY
 * made the admins' email read "Austin, NY 78702"); null when it lies in the state, or is one the ZIP code data does
 * not hold (its five digits are all the schema can check then).
 */
export async function zipCodeNotInState(place: { zipCode: string; state: StateCode }): Promise<string | null> {
  const state = await stateOfZipCode(place.zipCode);
  return state && state !== place.state ? `ZIP code is not in ${stateName(place.state)}` : null;
}

/**
 * Gives every club its position again from zip_codes, in the transaction that (re)loaded them (places' ensureZipCodes).
 * Setting zip_code to itself runs the trigger that looks coordinates up, the one place that knows how. Every club, not
 * only those without a position: after a reload with newer data (migration 014) positions may have moved.
 */
export async function relocateClubs(tx: TransactionSql): Promise<void> {
  await tx`update clubs set zip_code = zip_code`;
}
