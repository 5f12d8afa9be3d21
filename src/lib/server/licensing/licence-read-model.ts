// Joins: licensing, places, guides, auth. Licences as the admin and their guides read them come with their area's
// names (census), their guide's name and email, and their orders: one query with left joins is the fast way for the
// admin's list, where asking places, guides and auth per licence would be three queries per row. It only reads.
import type postgres from 'postgres';
import { licenceTerms } from '#lib/licensing/terms.ts';
import {
  canMove,
  type AdminLicence,
  type Licence,
  type LicenceGuide,
  type LicenceKind,
  type LicenceOrder,
  type LicenceStatus,
} from '#lib/licensing/types.ts';
import type { AdminLicenceQuery } from '#lib/schemas/licensing.ts';
import { LICENCES_PAGE_SIZE } from '#lib/schemas/licensing.ts';
import { selectList, type ColumnOf, type RowOf } from '#server/platform/db/columns.ts';
import { db, escapeLike, rowCount, type Sql, type TransactionSql } from '#server/platform/db/db.ts';
import { listingColumns, unlistedReasons, type ListingState } from './guide-listing.ts';
import { areaIdOf, areaLabel, licenceArea, type LicenceArea } from './areas-read-model.ts';

// Licences as they are read: with their area's names, guide and orders, as the admin sees them (AdminLicence) or
// their guide does (guideView).

export const DAY_MS = 86_400_000;

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
    select l.id, l.kind, ${licenceArea(sql)} as area, l.status, l.starts_at, l.ends_at,
      l.created_at,
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

/**
 * The licence whose order has this reference (`FK-XXXX-XXXX`), locked for the rest of the transaction, with that
 * order; null for a reference no order has.
 */
export async function findLicenceByReference(
  tx: TransactionSql,
  reference: string,
): Promise<{ licence: AdminLicence; order: LicenceOrder } | null> {
  const [row] = await tx<{ id: number; licenceId: number }[]>`
    select id, licence_id from licence_orders where reference = ${reference}`;
  if (!row) return null;
  const licence = (await findLicence(row.licenceId, tx, { lock: true }))!;
  return { licence, order: licence.orders.find((order) => order.id === row.id)! };
}
