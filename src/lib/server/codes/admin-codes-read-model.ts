// Joins: codes, clubs, store. The admin's lists of codes show each code with the club that redeemed it and the store
// order it was bought with: one left join is the fast way, where asking clubs and the store for each code would be
// a query per code. It only reads.
import type { HostSetCodeRecord } from '#lib/clubs/types.ts';
import type { StoreName } from '#lib/store/types.ts';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';

/** A code a store order produced, and the club that redeemed it while that club exists. */
export interface OrderHostSetCode {
  code: string;
  redeemed: boolean;
  revoked: boolean;
  club: { id: number; clubName: string } | null;
}

/** The codes a store order produced, in the order they were issued. */
export async function listOrderHostSetCodes(sql: Sql | TransactionSql, storeOrderId: number): Promise<OrderHostSetCode[]> {
  const rows = await sql<{ code: string; redeemed: boolean; revoked: boolean; clubId: number | null; clubName: string | null }[]>`
    select c.code, c.redeemed_at is not null as redeemed, c.revoked_at is not null as revoked,
      clubs.id as "clubId", clubs.club_name
    from host_set_codes c left join clubs on clubs.host_set_code = c.code
    where c.store_order_id = ${storeOrderId}
    order by c.issued_at, c.code`;
  return rows.map(({ clubId, clubName, ...code }) => ({ ...code, club: clubId === null ? null : { id: clubId, clubName: clubName! } }));
}

/** Every code, newest first, with the club that redeemed it and the store order it was issued for. */
export async function listHostSetCodes(): Promise<HostSetCodeRecord[]> {
  const rows = await db()<
    {
      code: string;
      note: string | null;
      issuedAt: Date;
      redeemedAt: Date | null;
      revokedAt: Date | null;
      clubId: number | null;
      clubName: string | null;
      orderId: number | null;
      orderStore: StoreName | null;
      storeOrderId: string | null;
    }[]
  >`
    select c.code, c.note, c.issued_at, c.redeemed_at, c.revoked_at, clubs.id as club_id, clubs.club_name,
      o.id as order_id, o.store as order_store, o.store_order_id
    from host_set_codes c
    left join clubs on clubs.host_set_code = c.code
    left join store_orders o on o.id = c.store_order_id
    order by c.issued_at desc, c.code`;
  return rows.map((row) => ({
    code: row.code,
    note: row.note,
    issuedAt: row.issuedAt.toISOString(),
    redeemedAt: row.redeemedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    club: row.clubId === null ? null : { id: row.clubId, clubName: row.clubName! },
    order: row.orderId === null ? null : { id: row.orderId, store: row.orderStore!, storeOrderId: row.storeOrderId! },
  }));
}
