import { HttpError } from './endpoint.ts';

/** A route's numeric id parameter, or null for anything that is not a positive 32-bit integer. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/** A route's numeric id parameter; anything else is a thrown 404 with `message`, as an unknown id is. */
export function requireId(value: string | undefined, message: string): number {
  const id = parseId(value);
  if (id === null) throw new HttpError(404, message);
  return id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A route's uuid parameter (an account's id); anything else is a thrown 404 with `message`, as an unknown id is. */
export function requireUuid(value: string | undefined, message: string): string {
  if (!value || !UUID.test(value)) throw new HttpError(404, message);
  return value;
}
