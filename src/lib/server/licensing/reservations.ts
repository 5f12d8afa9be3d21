import type { AreaPrice } from '#lib/licensing/pricing.ts';
import { availabilityOf } from '#lib/licensing/availability.ts';
import { licenceTerms } from '#lib/licensing/terms.ts';
import { HELD_STATUSES, type AdminLicence, type LicenceKind, type LicenceOrder } from '#lib/licensing/types.ts';
import type { User } from '#server/auth/index.ts';
import { notifyAdmins } from '#server/notifications/index.ts';
import { ConflictError } from '#server/platform/conflict.ts';
import { db, type TransactionSql } from '#server/platform/db/db.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { findHeldLicences, type Area } from './areas-read-model.ts';
import { reservationBurstNotice, reservationEmail, reservationNotice } from './licence-emails.ts';
import { insertOrder } from './licence-payments.ts';
import { DAY_MS, findLicence } from './licence-read-model.ts';

// Reservations of licences (docs/decisions/017). Every change to who holds an area happens in one
// transaction; a reservation first takes its state's advisory lock, since every overlap lies within one state.

/** The advisory lock class of licence reservations: the second key is the state's. */
const AREA_LOCK_CLASS = 1_017;
/** The advisory lock class of one account's reservations, which its limits count: the second key is the account's. */
export const ACCOUNT_LOCK_CLASS = 1_026;

const { reservationLimits } = licenceTerms;
export const TOO_MANY_CHANGES = 'You have reserved and cancelled many times in the last hour. Please try again later.';
export const TOO_MANY_FROM_CLIENT = `Your connection has made ${reservationLimits.perClientPerDay} reservations today, the most we accept in a day. Please try again tomorrow.`;
const TOO_MANY_UNPAID = `You already have ${reservationLimits.unpaidPerAccount} reservations awaiting payment. Pay for one or cancel one on My Licences before you reserve another area.`;

/** What an account's earlier licences say about its reserving `area` now (reserveLicence). */
interface ReservationHistory {
  /** It holds a licence on the area. */
  holds: boolean;
  /** When its last reservation of the area lapsed unpaid, within the days it may not reserve it again. */
  lapsedAt: Date | null;
  /** Its reservations awaiting payment, on any area. */
  unpaid: number;
  /** Its reservations made in the last hour, on any area. */
  lastHour: number;
  /** It reserved the area in the last day (and cancelled since): its email and notices were sent then. */
  reservedToday: boolean;
}

function reservationHistory(tx: TransactionSql, userId: string, area: Area) {
  const onArea = () => tx`
    guide_id = ${userId} and area_kind = ${area.kind} and state_code = ${area.stateCode}
    and county_fips is not distinct from ${area.countyFips} and zip is not distinct from ${area.zip}`;
  return tx<ReservationHistory[]>`
    select
      exists (select 1 from licences where ${onArea()} and status in ${tx(HELD_STATUSES)}) as holds,
      (select max(status_changed_at) from licences
        where ${onArea()} and status = 'lapsed'
          and status_changed_at > now() - make_interval(days => ${reservationLimits.lapsedAreaBlockDays})) as "lapsedAt",
      (select count(*)::int from licences where guide_id = ${userId} and status = 'reserved') as unpaid,
      (select count(*)::int from licences where guide_id = ${userId} and created_at > now() - interval '1 hour') as "lastHour",
      exists (select 1 from licences where ${onArea()} and created_at > now() - interval '1 day') as "reservedToday"`;
}

/** Why the account may not reserve the area, from its history; null when it may. */
function refusalOf(history: ReservationHistory, area: Area): string | null {
  if (history.holds) return 'You already hold a licence for this area: see My Licences.';
  if (history.lapsedAt) {
    const again = new Date(history.lapsedAt.getTime() + reservationLimits.lapsedAreaBlockDays * DAY_MS);
    return `Your reservation of ${area.label} lapsed unpaid on ${longDate.format(history.lapsedAt)}. You can reserve it again from ${longDate.format(again)}.`;
  }
  if (history.unpaid >= reservationLimits.unpaidPerAccount) return TOO_MANY_UNPAID;
  return null;
}

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * Gives the account a guide record unless it has one, in the reservation's transaction: the route passes guides'
 * ensureGuide. Passed in, as guides builds on licensing and the guide record is guides' table (decision 040).
 */
export type EnsureGuide = (tx: TransactionSql, user: Pick<User, 'id' | 'email'>) => Promise<void>;

/**
 * Reserves one kind of licence on an area for the user: a licence awaiting payment and its first order, with the
 * guide's email queued and the admins notified in the same transaction. Throws ConflictError (field `kind`), having
 * written nothing, when the area is not available for that kind, the user already holds a licence on it, let a
 * reservation of it lapse lately, or has as many reservations awaiting payment as licence-terms.json allows.
 * Reserving an area again within a day (after cancelling it) emails nobody; beyond the reservations of an hour that
 * the admins are told of one by one, one notice says that the account goes on, and the next ones none.
 */
export async function reserveLicence(
  input: { user: User; area: Area; kind: LicenceKind; price: AreaPrice },
  origin: string,
  ensureGuide: EnsureGuide,
): Promise<{ licence: AdminLicence; order: LicenceOrder; emailed: boolean }> {
  const { user, area, kind, price } = input;
  return db().begin(async (tx) => {
    // Always the account's lock, then the state's: the account's limits hold across states.
    await tx`select pg_advisory_xact_lock(${ACCOUNT_LOCK_CLASS}, hashtext(${user.id}))`;
    await tx`select pg_advisory_xact_lock(${AREA_LOCK_CLASS}, hashtext(${area.stateCode}))`;
    const [history] = await reservationHistory(tx, user.id, area);
    const refusal = refusalOf(history!, area);
    if (refusal) throw new ConflictError(refusal, 'kind');
    const availability = availabilityOf(area, await findHeldLicences(area, tx))[kind];
    if (!availability.available) throw new ConflictError(availability.reason, 'kind');

    await ensureGuide(tx, user);
    const [row] = await tx<{ id: number }[]>`
      insert into licences (guide_id, kind, area_kind, state_code, county_fips, zip)
      values (${user.id}, ${kind}, ${area.kind}, ${area.stateCode}, ${area.countyFips}, ${area.zip})
      returning id`;
    await insertOrder(tx, row!.id, { tier: price.tier, amount: price.prices[kind] }, false);
    const licence = (await findLicence(row!.id, tx))!;
    const order = licence.openOrder!;
    const emailed = !history!.reservedToday;
    if (emailed) {
      await enqueueEmail(tx, reservationEmail(licence, order, origin));
      const thisHour = history!.lastHour + 1;
      const { adminNoticesPerAccountPerHour: oneByOne } = reservationLimits;
      if (thisHour <= oneByOne) await notifyAdmins(tx, reservationNotice(licence, order), origin);
      else if (thisHour === oneByOne + 1) await notifyAdmins(tx, reservationBurstNotice(licence, oneByOne), origin);
    }
    return { licence, order, emailed };
  });
}
