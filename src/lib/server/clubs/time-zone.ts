import tzLookup from '@photostructure/tz-lookup';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';
import { coordinatesOfZipCode } from '#server/places/index.ts';

/** The time zone at a ZIP code's coordinates (an offline look-up of the time zones' boundaries), or null for an unknown ZIP code. */
export async function timeZoneOfZipCode(zipCode: string, sql: Sql | TransactionSql = db()): Promise<string | null> {
  const row = await coordinatesOfZipCode(zipCode, sql);
  return row ? tzLookup(row.latitude, row.longitude) : null;
}

/** The club's fields with its time zone filled in from its ZIP code when the host left it empty. */
export async function withTimeZone<Fields extends { zipCode: string; timeZone: string | null }>(
  fields: Fields,
  sql: Sql | TransactionSql = db(),
): Promise<Fields> {
  return fields.timeZone ? fields : { ...fields, timeZone: await timeZoneOfZipCode(fields.zipCode, sql) };
}
