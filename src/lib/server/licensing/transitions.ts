import { licenceTerms } from '#lib/licensing/terms.ts';
import { LICENCE_MOVES, type AdminLicence, type LicenceStatus } from '#lib/licensing/types.ts';
import { SYSTEM_ACTOR } from '#server/platform/audit.ts';
import type { Sql, TransactionSql } from '#server/platform/db/db.ts';
import { env } from '#server/platform/env.ts';
import { graceEmail, licenceEndedEmail, renewalNoticeEmail } from './licence-emails.ts';
import type { Mail } from '#server/platform/email/mailer.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';
import { holdsArea } from './areas-read-model.ts';
import { recordLicenceAudit } from './licence-audit.ts';
import { findLicence } from './licence-read-model.ts';

// The licence's life as time passes (docs/decisions/017), applied as of the job's `now`. Each step is one
// transaction that changes its rows and queues their emails together, and acts on everything past due, so a missed
// run (or `jobs:run --now` far ahead) catches up in order: lapse, renewal notice, end of term, end of grace.

const days = (count: number) => `${count} days`;

/** A licence a step moved, and, for a move that ends it, the status it had (for the audit log). */
interface Moved {
  id: number;
  from?: LicenceStatus;
}

/**
 * Runs one step: `change` moves rows and returns their licence ids; each licence's email is queued, and a licence the
 * step ends (`endedAs`, with the status it left) audited as the system's, in the same transaction.
 */
async function step(
  sql: Sql,
  change: (tx: TransactionSql) => Promise<Moved[]>,
  mailFor: (licence: AdminLicence) => Mail,
  endedAs?: 'licence.lapse' | 'licence.expire',
) {
  return sql.begin(async (tx) => {
    const rows = await change(tx);
    for (const { id, from } of rows) {
      const licence = (await findLicence(id, tx))!;
      await enqueueEmail(tx, mailFor(licence));
      if (endedAs && from) await recordLicenceEnd(tx, endedAs, from, licence);
    }
    return rows.length;
  });
}

/** Audits the end of a licence by the job: only its status changed, and, when it lapsed, its order stopped being awaited. */
function recordLicenceEnd(tx: TransactionSql, action: 'licence.lapse' | 'licence.expire', from: LicenceStatus, licence: AdminLicence) {
  const firstOrder = licence.orders[0];
  const openOrder = action === 'licence.lapse' ? (firstOrder?.reference ?? null) : (licence.openOrder?.reference ?? null);
  return recordLicenceAudit(tx, SYSTEM_ACTOR, action, { status: from, endsAt: licence.endsAt, openOrder }, licence);
}

/** Applies every due transition of every licence as of `now`; the job's summary counts each. */
export async function applyLicenceTransitions({ sql, now }: { sql: Sql; now: Date }): Promise<string> {
  const origin = siteOrigin(env().PORT);
  const grace = days(licenceTerms.exclusiveGraceDays);

  const lapsed = await step(
    sql,
    async (tx) => {
      // Orders unpaid by their due date lapse; a first-year order takes its reservation with it. A renewal's order
      // lapsing leaves the licence as it is: it runs to its end.
      const { from, to, order } = LICENCE_MOVES.lapse;
      const orders = await tx<{ licenceId: number; isRenewal: boolean }[]>`
        update licence_orders set status = ${order}
        where status = 'awaiting_payment' and due_at <= ${now}
        returning licence_id, is_renewal`;
      const reservations = orders.filter((lapsed) => !lapsed.isRenewal).map((lapsed) => lapsed.licenceId);
      return tx<Moved[]>`
        update licences set status = ${to}, status_changed_at = ${now}
        where id = any(${reservations}::int[]) and status in ${tx(from)}
        returning id, ${from[0]}::licence_status as "from"`;
    },
    (licence) => licenceEndedEmail(licence, origin),
    'licence.lapse',
  );

  const noticed = await step(
    sql,
    (tx) => tx<{ id: number }[]>`
      update licences set renewal_notice_for = ends_at
      where status = 'active' and ends_at > ${now}
        and ends_at - ${days(licenceTerms.renewalNoticeDays)}::interval <= ${now}
        and renewal_notice_for is distinct from ends_at
        and not exists (select 1 from licence_orders o where o.licence_id = licences.id and o.status = 'awaiting_payment')
      returning id`,
    (licence) => renewalNoticeEmail(licence, origin),
  );

  // The next two moves start from held statuses: stating holdsArea as well lets licences_held_idx find their rows.
  const inGrace = await step(
    sql,
    (tx) => tx<{ id: number }[]>`
      update licences set status = ${LICENCE_MOVES['enter-grace'].to}, status_changed_at = ${now}
      where ${holdsArea(tx)} and status in ${tx(LICENCE_MOVES['enter-grace'].from)} and kind = 'exclusive'
        and ends_at <= ${now} and ends_at + ${grace}::interval > ${now}
      returning id`,
    (licence) => graceEmail(licence, origin),
  );

  const expired = await step(
    sql,
    // A shared licence ends with its term; an exclusive one with its grace (only exclusive licences enter grace).
    // The rows are locked and read first, so that the audit log learns the status each left (active or grace).
    (tx) => tx<Moved[]>`
      with ending as (
        select id, status from licences
        where ${holdsArea(tx)} and status in ${tx(LICENCE_MOVES.expire.from)}
          and ((kind = 'shared' and ends_at <= ${now}) or (kind = 'exclusive' and ends_at + ${grace}::interval <= ${now}))
        for update
      )
      update licences l set status = ${LICENCE_MOVES.expire.to}, status_changed_at = ${now}
      from ending where l.id = ending.id
      returning l.id, ending.status as "from"`,
    (licence) => licenceEndedEmail(licence, origin),
    'licence.expire',
  );

  return `${lapsed} lapsed, ${noticed} renewal notices, ${inGrace} in grace, ${expired} expired`;
}
