import type { AdminLicence, LicenceStatus } from '#lib/licensing/types.ts';
import { DELETED_ACCOUNT, recordAudit, type AuditActor } from '#server/platform/audit.ts';
import type { TransactionSql } from '#server/platform/db/db.ts';

/** What the audit log keeps of a licence's state: its status, its term's end and the reference of the payment awaited. */
export interface LicenceAuditState {
  status: LicenceStatus;
  endsAt: string | null;
  openOrder: string | null;
}

const auditState = (licence: AdminLicence): LicenceAuditState => ({
  status: licence.status,
  endsAt: licence.endsAt,
  openOrder: licence.openOrder?.reference ?? null,
});

/**
 * Records a change of a licence, in its transaction: by the admin, by its guide, or by the scheduled job
 * (SYSTEM_ACTOR). `before` is the licence as it was, or its state when only that was read.
 */
export async function recordLicenceAudit(
  tx: TransactionSql,
  actor: AuditActor,
  action: string,
  before: AdminLicence | LicenceAuditState,
  after: AdminLicence,
) {
  await recordAudit(tx, {
    actor,
    action,
    subject: `Licence ${after.id}: ${after.kind} ${after.area.label}, ${after.guide?.email ?? DELETED_ACCOUNT}`,
    before: 'id' in before ? auditState(before) : before,
    after: auditState(after),
  });
}
