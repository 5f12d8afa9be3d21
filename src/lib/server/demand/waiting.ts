import type { TransactionSql, Sql } from '#server/platform/db/db.ts';
import { areasOfZipCode } from './places-read-model.ts';

/**
 * Adds `change` (+1 when a visitor's alert for `zip` is confirmed, -1 when a confirmed one is deleted or ends) to the
 * people waiting for a club in the ZIP code, its county and its state. The alerts call it in the transaction that
 * confirms or deletes the alert, so the counts move with the alerts and no page ever counts them. Never below 0. An
 * unknown ZIP code counts nowhere. An alert on a city passes the ZIP code its place was resolved to ("Austin, TX
 * 78704"), so that it is counted in one ZIP code, as a person waits in one place. Runs on `sql` only: with the
 * embedded database's one connection, a second connection inside the alert's transaction would wait forever.
 */
export async function recordAlertWaiting(sql: Sql | TransactionSql, zip: string, change: number): Promise<void> {
  if (!Number.isInteger(change)) throw new Error(`recordAlertWaiting: change must be a whole number, not ${change}`);
  for (const { kind, code } of await areasOfZipCode(zip, sql)) {
    await sql`
      insert into demand_areas (area_kind, area_code, waiting)
      values (${kind}, ${code}, ${Math.max(0, change)})
      on conflict (area_kind, area_code) do update set waiting = greatest(0, demand_areas.waiting + ${change}::int)`;
  }
}
