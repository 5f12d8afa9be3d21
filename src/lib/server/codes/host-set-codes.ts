import type { HostSetCodeRecord } from '#lib/clubs/types.ts';
import type { StoreName } from '#lib/store/types.ts';
import { recordAudit, type AuditActor } from '#server/platform/audit.ts';
import { generateHostSetCode } from './code-generator.ts';
import { ConflictError } from '#server/platform/conflict.ts';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';
import type { User } from '#server/auth/index.ts';

/**
 * Issues `count` new unredeemed codes with an optional note (an order number, say) and returns them; `storeOrderId`
 * records the store order they were bought with (store_orders), null for codes issued by hand.
 */
export async function issueHostSetCodes(
  count: number,
  note: string | null,
  sql: Sql | TransactionSql = db(),
  storeOrderId: number | null = null,
): Promise<string[]> {
  const codes = Array.from({ length: count }, generateHostSetCode);
  const rows = await sql<{ code: string }[]>`
    insert into host_set_codes ${sql(codes.map((code) => ({ code, note, store_order_id: storeOrderId })))}
    returning code`;
  return rows.map((row) => row.code);
}

/** The link that registers a club with `code`: /club-registration opens on step 1 with the code filled in. */
export const codeRegistrationUrl = (origin: string, code: string) => `${origin}/club-registration?${new URLSearchParams({ code })}`;

/** A paid store order's codes, issued with their audit row in the order's transaction. */
export async function issueOrderHostSetCodes(
  tx: TransactionSql,
  order: { id: number; count: number; note: string },
  actor: AuditActor,
): Promise<string[]> {
  const codes = await issueHostSetCodes(order.count, order.note, tx, order.id);
  await recordAudit(tx, { actor, action: 'codes.issue', subject: order.note, after: { codes, storeOrderId: order.id } });
  return codes;
}

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

/**
 * Revokes a store order's unredeemed codes in the caller's transaction (at most `limit` of them, the last issued
 * first), each with its audit row, and returns them. A code being redeemed at this moment is waited for and then left
 * alone: it counts as redeemed.
 */
export async function revokeOrderHostSetCodes(
  tx: TransactionSql,
  storeOrderId: number,
  actor: AuditActor,
  limit: number | null = null,
): Promise<string[]> {
  const rows = await tx<{ code: string }[]>`
    update host_set_codes set revoked_at = now()
    where code in (
      select code from host_set_codes
      where store_order_id = ${storeOrderId} and redeemed_at is null and revoked_at is null
      order by issued_at desc, code desc
      limit ${limit}
      for update
    ) and redeemed_at is null and revoked_at is null
    returning code`;
  const codes = rows.map((row) => row.code).sort();
  for (const code of codes) await recordAudit(tx, { actor, action: 'codes.revoke', subject: code, after: { storeOrderId } });
  return codes;
}

/** The admin screen's issue: the codes and their audit row in one transaction, so neither exists without the other. */
export function adminIssueHostSetCodes(count: number, note: string | null, actor: User): Promise<string[]> {
  return db().begin(async (tx) => {
    const codes = await issueHostSetCodes(count, note, tx);
    await recordAudit(tx, { actor, action: 'codes.issue', subject: note, after: { codes } });
    return codes;
  });
}

/** Whether a code was issued and is neither redeemed nor revoked. `code` must already be normalized. */
export async function isHostSetCodeAvailable(code: string): Promise<boolean> {
  const [row] = await db()`
    select 1 from host_set_codes where code = ${code} and redeemed_at is null and revoked_at is null`;
  return row !== undefined;
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

/**
 * Revokes an unredeemed code, with its audit row in the same transaction, and returns it; null when there is no such
 * code. Throws ConflictError for a redeemed code.
 */
export function revokeHostSetCode(code: string, actor: User): Promise<string | null> {
  return db().begin(async (tx) => {
    const [revoked] = await tx`
      update host_set_codes set revoked_at = coalesce(revoked_at, now())
      where code = ${code} and redeemed_at is null
      returning code`;
    if (!revoked) {
      const [existing] = await tx`select 1 from host_set_codes where code = ${code}`;
      if (!existing) return null;
      throw new ConflictError('This code has already registered a club and cannot be revoked.');
    }
    await recordAudit(tx, { actor, action: 'codes.revoke', subject: code });
    return code;
  });
}
