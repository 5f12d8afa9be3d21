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

/**
 * Redeems the code in the caller's transaction (registering its club): one conditional UPDATE, so of many concurrent
 * attempts exactly one wins. False when the code was never issued, is redeemed or revoked.
 */
export async function redeemHostSetCode(tx: TransactionSql, code: string): Promise<boolean> {
  const [redeemed] = await tx`
    update host_set_codes set redeemed_at = now()
    where code = ${code} and redeemed_at is null and revoked_at is null
    returning code`;
  return redeemed !== undefined;
}

/** Whether a code was issued and is neither redeemed nor revoked. `code` must already be normalized. */
export async function isHostSetCodeAvailable(code: string): Promise<boolean> {
  const [row] = await db()`
    select 1 from host_set_codes where code = ${code} and redeemed_at is null and revoked_at is null`;
  return row !== undefined;
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

/** A demo code (the app's seed): issued at `issuedAt` (now() for null), redeemed at `redeemedAt` or open. */
export async function insertDemoHostSetCode(
  tx: TransactionSql,
  code: { code: string; note: string; issuedAt: Date | null; redeemedAt: Date | null },
): Promise<void> {
  await tx`
    insert into host_set_codes (code, note, issued_at, redeemed_at)
    values (${code.code}, ${code.note}, coalesce(${code.issuedAt}::timestamptz, now()), ${code.redeemedAt})`;
}
