import { randomInt } from 'node:crypto';
import type postgres from 'postgres';
import { availabilityOf } from '#lib/licensing/availability.ts';
import type { AreaPrice } from '#lib/licensing/pricing.ts';
import { licenceTerms } from '#lib/licensing/terms.ts';
import {
  canMove,
  HELD_STATUSES,
  LICENCE_MOVES,
  type AdminLicence,
  type HeldStatus,
  type Licence,
  type LicenceGuide,
  type LicenceKind,
  type LicenceOrder,
  type LicenceStatus,
} from '#lib/licensing-types.ts';
import type { AdminLicenceQuery } from '#lib/schemas/licensing.ts';
import { LICENCES_PAGE_SIZE } from '#lib/schemas/licensing.ts';
import { DELETED_ACCOUNT, recordAudit, type AuditActor } from '#server/platform/audit.ts';
import type { User } from '#server/auth/index.ts';
import { ConflictError } from '#server/platform/conflict.ts';
import { selectList, type ColumnOf, type RowOf } from '#server/platform/db/columns.ts';
import { db, escapeLike, rowCount, type Sql, type TransactionSql } from '#server/platform/db/db.ts';
import {
  licenceEndedEmail,
  licencePaidEmail,
  licencesGivenUpNotice,
  reservationBurstNotice,
  reservationEmail,
  reservationNotice,
} from './licence-emails.ts';
import { listingColumns, unlistedReasons, type ListingState } from './guide-listing.ts';
import { notifyAdmins } from '#server/notifications/index.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { areaIdOf, areaLabel, findHeldLicences, licenceArea, type Area, type LicenceArea } from './areas.ts';

// Licences and the orders that pay for them (docs/decisions/017). Every change to who holds an area happens in one
// transaction; a reservation first takes its state's advisory lock, since every overlap lies within one state.

/** The advisory lock class of licence reservations: the second key is the state's. */
const AREA_LOCK_CLASS = 1_017;
/** The advisory lock class of one account's reservations, which its limits count: the second key is the account's. */
const ACCOUNT_LOCK_CLASS = 1_026;
const DAY_MS = 86_400_000;

const { reservationLimits } = licenceTerms;
export const TOO_MANY_CHANGES = 'You have reserved and cancelled many times in the last hour. Please try again later.';
export const TOO_MANY_FROM_CLIENT = `Your connection has made ${reservationLimits.perClientPerDay} reservations today, the most we accept in a day. Please try again tomorrow.`;
const TOO_MANY_UNPAID = `You already have ${reservationLimits.unpaidPerAccount} reservations awaiting payment. Pay for one or cancel one on My Licences before you reserve another area.`;

// No 0/O, 1/I/L: references are read off an email and typed at the store.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** A new order reference, `FK-XXXX-XXXX`. */
export function generateOrderReference(): string {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `FK-${group()}-${group()}`;
}

/** An order's fields, LicenceOrder's, named here once and in the order of its JSON. */
const ORDER_COLUMNS = [
  'id',
  'reference',
  'is_renewal',
  'tier',
  'amount',
  'status',
  'created_at',
  'due_at',
  'paid_at',
] as const satisfies readonly ColumnOf<keyof LicenceOrder>[];

/** An order as its licence's row carries it (JSON): the order, but for its timestamps in PostgreSQL's format. */
type OrderRow = RowOf<typeof ORDER_COLUMNS, LicenceOrder>;

/**
 * A row of selectLicences: the licence's columns under their fields' names, its area, guide (null once the account is
 * deleted) and orders as JSON, and whether its guide is listed.
 */
interface LicenceRow extends ListingState {
  id: number;
  kind: LicenceKind;
  area: LicenceArea;
  status: LicenceStatus;
  startsAt: Date | null;
  endsAt: Date | null;
  createdAt: Date;
  guide: Omit<LicenceGuide, 'unlistedReasons'> | null;
  orders: OrderRow[];
}

const iso = (value: string | Date) => new Date(value).toISOString();

const toOrder = (order: OrderRow): LicenceOrder => ({
  ...order,
  createdAt: iso(order.createdAt),
  dueAt: iso(order.dueAt),
  paidAt: order.paidAt && iso(order.paidAt),
});

/** Whether a licence in this status and term can be renewed at `now`: from the notice period on, until its grace ends. */
function isRenewalDue(status: LicenceStatus, endsAt: Date | null, openOrder: LicenceOrder | null, now: Date): boolean {
  if (openOrder || !endsAt || !canMove(status, 'renew')) return false;
  return now.getTime() >= endsAt.getTime() - licenceTerms.renewalNoticeDays * DAY_MS;
}

function toAdminLicence(row: LicenceRow, now = new Date()): AdminLicence {
  // The JSON ends with createdAt, the guide and the orders, after the fields computed here.
  const { createdAt, guide, orders: orderRows, certified, holdsActiveLicence, hiddenByGuide, hiddenByAdmin, ...licence } = row;
  const orders = orderRows.map(toOrder);
  const openOrder = orders.find((order) => order.status === 'awaiting_payment') ?? null;
  const { area, endsAt } = licence;
  const code = area.kind === 'zip' ? area.zip! : area.kind === 'county' ? area.countyFips! : area.stateCode;
  return {
    ...licence,
    area: { id: areaIdOf(area.kind, code), kind: area.kind, label: areaLabel(area.kind, area), stateCode: area.stateCode },
    startsAt: licence.startsAt && iso(licence.startsAt),
    endsAt: endsAt && iso(endsAt),
    graceEndsAt: licence.status === 'grace' ? iso(new Date(endsAt!.getTime() + licenceTerms.exclusiveGraceDays * DAY_MS)) : null,
    pricePaid: orders.filter((order) => order.status === 'paid').at(-1)?.amount ?? null,
    openOrder,
    renewalDue: isRenewalDue(licence.status, endsAt, openOrder, now),
    createdAt: iso(createdAt),
    guide: guide && { ...guide, unlistedReasons: unlistedReasons({ certified, holdsActiveLicence, hiddenByGuide, hiddenByAdmin }) },
    orders,
  };
}

/** A licence as its guide sees it: without the guide and the order history. */
export function guideView(licence: AdminLicence): Licence {
  const { guide: _guide, orders: _orders, ...view } = licence;
  return view;
}

/**
 * Licences with their area's names, guide and orders, filtered by `where`, newest first. A deleted account's licences
 * (ended, kept for their orders: migration 031) come with no guide.
 */
function selectLicences(sql: Sql | TransactionSql, where: postgres.Fragment, page?: { limit: number; offset: number }) {
  return sql<LicenceRow[]>`
    select l.id, l.kind, ${licenceArea(sql)} as area, l.status, l.starts_at as "startsAt", l.ends_at as "endsAt",
      l.created_at as "createdAt",
      case when g.user_id is not null then
        json_build_object('id', g.user_id, 'name', g.name, 'email', u.email, 'certifiedOn', to_char(g.certified_on, 'YYYY-MM-DD'),
          'adminHiddenReason', g.admin_hidden_reason)
      end as guide,
      ${listingColumns(sql)},
      coalesce((
        select json_agg(o order by o.id)
        from (select ${selectList(sql, ORDER_COLUMNS)} from licence_orders where licence_id = l.id) as o
      ), '[]') as orders
    from licences l
    join census_states s on s.state_code = l.state_code
    left join census_counties c on c.county_fips = l.county_fips
    left join guides g on g.user_id = l.guide_id
    left join users u on u.id = g.user_id
    where ${where}
    order by l.created_at desc, l.id desc
    ${page ? sql`limit ${rowCount(sql, page.limit)} offset ${rowCount(sql, page.offset)}` : sql``}`;
}

/** The licence with this id, with its guide and orders; `lock` holds its row for the rest of the transaction. */
export async function findLicence(id: number, sql: Sql | TransactionSql = db(), { lock = false } = {}): Promise<AdminLicence | null> {
  if (lock) await sql`select 1 from licences where id = ${id} for update`;
  const [row] = await selectLicences(sql, sql`l.id = ${id}`);
  return row ? toAdminLicence(row) : null;
}

/** The licences of one guide (any account), newest first. */
export async function listGuideLicences(userId: string): Promise<AdminLicence[]> {
  const sql = db();
  return (await selectLicences(sql, sql`l.guide_id = ${userId}`)).map((row) => toAdminLicence(row));
}

/** One page of every licence matching the admin's filters and search, and how many match. */
export async function listLicencesForAdmin(
  query: AdminLicenceQuery,
  { all = false } = {},
): Promise<{ licences: AdminLicence[]; total: number }> {
  const sql = db();
  const search = query.q ? `%${escapeLike(query.q).toLowerCase()}%` : null;
  const where = sql`true
    ${query.status ? sql`and l.status = ${query.status}` : sql``}
    ${query.kind ? sql`and l.kind = ${query.kind}` : sql``}
    ${query.areaKind ? sql`and l.area_kind = ${query.areaKind}` : sql``}
    ${query.state ? sql`and l.state_code = ${query.state}` : sql``}
    ${
      search
        ? sql`and (lower(g.name) like ${search} or lower(u.email) like ${search} or l.zip like ${search}
            or lower(c.name) like ${search} or lower(s.name) like ${search}
            or exists (select 1 from licence_orders o where o.licence_id = l.id and lower(o.reference) like ${search}))`
        : sql``
    }`;
  const page = all ? undefined : { limit: LICENCES_PAGE_SIZE, offset: (query.page - 1) * LICENCES_PAGE_SIZE };
  const [rows, [count]] = await Promise.all([
    selectLicences(sql, where, page),
    sql<{ total: number }[]>`
      select count(*)::int as total from licences l
      join census_states s on s.state_code = l.state_code
      left join census_counties c on c.county_fips = l.county_fips
      left join guides g on g.user_id = l.guide_id
      left join users u on u.id = g.user_id
      where ${where}`,
  ]);
  return { licences: rows.map((row) => toAdminLicence(row)), total: count!.total };
}

/** Gives an account without one a guide record, named after its club's host, else its email's local part. */
export async function ensureGuide(tx: TransactionSql, user: Pick<User, 'id' | 'email'>): Promise<void> {
  const fallback = user.email.split('@')[0]!.padEnd(2, '.').slice(0, 100);
  await tx`
    insert into guides (user_id, name)
    values (${user.id}, coalesce((select host_name from clubs where owner_id = ${user.id}), ${fallback}))
    on conflict (user_id) do nothing`;
}

async function insertOrder(
  tx: TransactionSql,
  licenceId: number,
  price: { tier: number; amount: number },
  isRenewal: boolean,
): Promise<void> {
  await tx`
    insert into licence_orders (licence_id, reference, is_renewal, tier, amount, due_at)
    values (${licenceId}, ${generateOrderReference()}, ${isRenewal}, ${price.tier}, ${price.amount},
      now() + ${licenceTerms.paymentDays} * interval '1 day')`;
}

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

/** Makes a move that ends a licence the caller has locked, with its open order, and re-reads it. */
async function moveLicence(tx: TransactionSql, id: number, move: 'cancel' | 'release' | 'revoke' | 'give-up') {
  const { to, order } = LICENCE_MOVES[move];
  await tx`update licences set status = ${to}, status_changed_at = now() where id = ${id}`;
  await tx`update licence_orders set status = ${order} where licence_id = ${id} and status = 'awaiting_payment'`;
  return (await findLicence(id, tx))!;
}

/**
 * The guide cancels their reservation (a licence still awaiting its first payment), audited as theirs. Null when the
 * licence is not theirs; ConflictError when it is no longer a reservation.
 */
export async function cancelReservation(id: number, guide: User): Promise<AdminLicence | null> {
  return db().begin(async (tx) => {
    const licence = await findLicence(id, tx, { lock: true });
    if (!licence || licence.guide?.id !== guide.id) return null;
    if (!canMove(licence.status, 'cancel')) throw new ConflictError('Only a reservation awaiting payment can be cancelled.');
    const cancelled = await moveLicence(tx, id, 'cancel');
    await recordLicenceAudit(tx, guide, 'licence.cancel', licence, cancelled);
    return cancelled;
  });
}

/**
 * Creates the renewal order of an active or grace licence at `price` (the area's price today). Null when the licence
 * does not exist or, with `guideId`, is not that guide's; ConflictError when it is not due for renewal.
 */
export async function renewLicence(
  id: number,
  price: AreaPrice,
  actor: { guideId: string } | { admin: User },
): Promise<AdminLicence | null> {
  return db().begin(async (tx) => {
    const licence = await findLicence(id, tx, { lock: true });
    if (!licence || ('guideId' in actor && licence.guide?.id !== actor.guideId)) return null;
    if (licence.openOrder) throw new ConflictError(`A payment is already awaited for this licence: ${licence.openOrder.reference}.`);
    if (!licence.renewalDue) {
      throw new ConflictError(
        canMove(licence.status, 'renew')
          ? `This licence can be renewed from ${licenceTerms.renewalNoticeDays} days before it ends.`
          : 'Only an active licence, or one in its grace period, can be renewed.',
      );
    }
    await insertOrder(tx, id, { tier: price.tier, amount: price.prices[licence.kind] }, true);
    const renewed = (await findLicence(id, tx))!;
    if ('admin' in actor) await recordLicenceAudit(tx, actor.admin, 'licence.renew', licence, renewed);
    return renewed;
  });
}

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

/**
 * Records the payment of a licence's open order, in the caller's transaction, by `actor` (the admin's "Mark paid", or
 * the store whose order paid it): a reservation becomes active for one term from now, a renewal moves the term's end one
 * term on from its previous end, and the guide is emailed. Null for an unknown licence; ConflictError when no payment
 * is awaited.
 */
export async function payOpenOrder(tx: TransactionSql, id: number, actor: AuditActor, origin: string): Promise<AdminLicence | null> {
  const licence = await findLicence(id, tx, { lock: true });
  if (!licence) return null;
  const order = licence.openOrder;
  if (!order || !canMove(licence.status, 'mark-paid')) throw new ConflictError('No payment is awaited for this licence.');
  const { to, order: orderStatus } = LICENCE_MOVES['mark-paid'];
  await tx`update licence_orders set status = ${orderStatus}, paid_at = now() where id = ${order.id}`;
  const term = `${licenceTerms.termMonths} months`;
  if (order.isRenewal) {
    await tx`
      update licences set status = ${to}, ends_at = ends_at + ${term}::interval, status_changed_at = now()
      where id = ${id}`;
  } else {
    await tx`
      update licences set status = ${to}, starts_at = now(), ends_at = now() + ${term}::interval, status_changed_at = now()
      where id = ${id}`;
  }
  const paid = (await findLicence(id, tx))!;
  await recordLicenceAudit(tx, actor, 'licence.mark-paid', licence, paid);
  await enqueueEmail(tx, licencePaidEmail(paid, order.isRenewal, origin));
  return paid;
}

/** The admin records the payment of a licence's open order (payOpenOrder, in a transaction of its own). */
export function markOrderPaid(id: number, admin: User, origin: string): Promise<AdminLicence | null> {
  return db().begin((tx) => payOpenOrder(tx, id, admin, origin));
}

/**
 * The licence whose order has this reference (`FK-XXXX-XXXX`), locked for the rest of the transaction, with that
 * order; null for a reference no order has.
 */
export async function findLicenceByReference(
  tx: TransactionSql,
  reference: string,
): Promise<{ licence: AdminLicence; order: LicenceOrder } | null> {
  const [row] = await tx<{ id: number; licenceId: number }[]>`
    select id, licence_id as "licenceId" from licence_orders where reference = ${reference}`;
  if (!row) return null;
  const licence = (await findLicence(row.licenceId, tx, { lock: true }))!;
  return { licence, order: licence.orders.find((order) => order.id === row.id)! };
}

/**
 * The admin ends a licence before its time: revoking one that is held in any way, or releasing a reservation. The
 * area is free at once and the guide is told. Null for an unknown licence; ConflictError when it holds nothing to end.
 */
export async function endLicenceAsAdmin(
  id: number,
  admin: User,
  action: 'revoke' | 'release',
  origin: string,
): Promise<AdminLicence | null> {
  return db().begin(async (tx) => {
    const licence = await findLicence(id, tx, { lock: true });
    if (!licence) return null;
    if (!canMove(licence.status, action)) {
      throw new ConflictError(
        action === 'release' ? 'Only a reservation awaiting payment can be released.' : 'This licence holds no area any more.',
      );
    }
    const ended = await moveLicence(tx, id, action);
    await recordLicenceAudit(tx, admin, `licence.${action}`, licence, ended);
    await enqueueEmail(tx, licenceEndedEmail(ended, origin));
    return ended;
  });
}

/**
 * For the deletion of the account, in its transaction: each of its reservations is cancelled and each licence it holds
 * given up (the area is free at once), audited as the account's, and the admins are told in one notice. Returns the
 * ids of every licence the account has had, ended now or before, whose audit entries are about it.
 */
export async function endLicencesOfAccount(tx: TransactionSql, guide: User, origin: string): Promise<number[]> {
  // The lock reserveLicence takes first: no reservation of the account's slips in while its licences end.
  await tx`select pg_advisory_xact_lock(${ACCOUNT_LOCK_CLASS}, hashtext(${guide.id}))`;
  const rows = await tx<{ id: number; status: LicenceStatus }[]>`
    select id, status from licences where guide_id = ${guide.id} order by id for update`;
  const ended: AdminLicence[] = [];
  for (const { id, status } of rows) {
    const move = canMove(status, 'cancel') ? 'cancel' : canMove(status, 'give-up') ? 'give-up' : null;
    if (!move) continue;
    const licence = (await findLicence(id, tx))!;
    const after = await moveLicence(tx, id, move);
    await recordLicenceAudit(tx, guide, `licence.${move}`, licence, after);
    ended.push(after);
  }
  if (ended.length > 0) await notifyAdmins(tx, licencesGivenUpNotice(ended), origin);
  return rows.map((row) => row.id);
}

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
