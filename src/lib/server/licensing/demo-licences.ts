import type { AreaPrice } from '#lib/licensing/pricing.ts';
import { licenceTerms } from '#lib/licensing/terms.ts';
import type { HeldStatus, LicenceKind } from '#lib/licensing/types.ts';
import type { TransactionSql } from '#server/platform/db/db.ts';
import type { Area } from './areas-read-model.ts';
import { generateOrderReference, insertOrder } from './licence-payments.ts';

/**
 * A licence as the demo data describes it, written directly (no availability check: the demo data is consistent by
 * construction): reserved with its order awaiting payment, or paid `paidAt` with its paid order, active or in grace.
 */
export async function insertDemoLicence(
  tx: TransactionSql,
  licence: {
    userId: string;
    area: Area;
    kind: LicenceKind;
    price: AreaPrice;
    status: HeldStatus;
    paidAt: Date | null;
  },
): Promise<void> {
  const { userId, area, kind, price, status, paidAt } = licence;
  const term = `${licenceTerms.termMonths} months`;
  const [row] = await tx<{ id: number }[]>`
    insert into licences (guide_id, kind, area_kind, state_code, county_fips, zip, status, starts_at, ends_at)
    values (${userId}, ${kind}, ${area.kind}, ${area.stateCode}, ${area.countyFips}, ${area.zip}, ${status},
      ${paidAt}, ${paidAt}::timestamptz + ${term}::interval)
    returning id`;
  const amount = { tier: price.tier, amount: price.prices[kind] };
  if (!paidAt) return insertOrder(tx, row!.id, amount, false);
  await tx`
    insert into licence_orders (licence_id, reference, is_renewal, tier, amount, status, created_at, due_at, paid_at)
    values (${row!.id}, ${generateOrderReference()}, false, ${amount.tier}, ${amount.amount}, 'paid', ${paidAt}, ${paidAt}, ${paidAt})`;
}
