import { useState } from 'react';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { LocalDate } from '#components/islands/shared/LocalDate.tsx';
import { formatDollars } from '#lib/shared/format.ts';
import { guideNameOf, type AdminLicence, type LicenceGuide, type LicenceOrder, type OrderStatus } from '#lib/licensing/types.ts';
import { LicenceStatusBadge } from '#components/islands/shared/badges.tsx';
import { CertificationEditor } from './CertificationEditor.tsx';
import { GuideListingStatus } from './GuideListingStatus.tsx';
import { LicenceActions, type LicenceAction } from './LicenceActions.tsx';
import { BreakableEmail } from '#components/islands/shared/BreakableEmail.tsx';
import { AREA_KIND_LABELS, KIND_LABELS } from './licence-filters.ts';

interface LicencesTableProps {
  tableId: string;
  licences: AdminLicence[];
  /** Nothing has been loaded yet. */
  loading: boolean;
  filtered: boolean;
  /** Licences with a change on its way to the server: their actions wait. */
  busyIds: ReadonlySet<number>;
  /** Guides whose certification or visibility is being saved. */
  busyGuides: ReadonlySet<string>;
  onAction: (licence: AdminLicence, action: LicenceAction) => void;
  onCertify: (guide: LicenceGuide, certifiedOn: string | null) => Promise<boolean>;
  onHideGuide: (guide: LicenceGuide) => void;
  onShowGuide: (guide: LicenceGuide) => void;
}

const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  lapsed: 'Lapsed',
  cancelled: 'Cancelled',
  released: 'Released',
};

const COLUMNS = 7;

/** One page of licences and reservations, each with its guide, order, term, actions and order history. */
export function LicencesTable({
  tableId,
  licences,
  loading,
  filtered,
  busyIds,
  busyGuides,
  onAction,
  onCertify,
  onHideGuide,
  onShowGuide,
}: LicencesTableProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    // From lg (1024 px) the table fits the card; below it, it scrolls inside its own box, never the page. `relative`
    // keeps the sr-only texts (absolutely positioned) inside the box too.
    <div
      className="relative mt-3 overflow-x-auto rounded-xl border border-stone-200"
      role="region"
      aria-label="Licences table"
      tabIndex={0}
    >
      <table id={tableId} className="w-full min-w-[60rem] border-collapse lg:min-w-0 text-left text-sm">
        <caption className="sr-only">Licences and reservations</caption>
        <thead className="bg-stone-100 text-stone-800">
          <tr>
            {['Guide', 'Area', 'Licence', 'Status', 'Order or price paid', 'Term', 'Actions'].map((label) => (
              <th key={label} scope="col" className="px-2 py-3 font-semibold">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        {licences.map((licence) => {
          const busy = busyIds.has(licence.id);
          const ordersId = `${tableId}-orders-${licence.id}`;
          const isExpanded = expanded.has(licence.id);
          const area = licence.area.label;
          const { guide } = licence;
          return (
            <tbody key={licence.id} className="border-t border-stone-200" aria-busy={busy || undefined}>
              <tr className="align-top hover:bg-flame-50/40">
                <td className="px-2 py-3">
                  {guide ? (
                    <>
                      <span className="block font-semibold break-words text-stone-900">{guide.name}</span>
                      <a className="block text-xs text-flame-800 underline" href={`mailto:${guide.email}`}>
                        <BreakableEmail email={guide.email} />
                      </a>
                      <CertificationEditor
                        // A new date from the server resets the editor's field.
                        key={`${guide.id}-${guide.certifiedOn ?? ''}`}
                        guide={guide}
                        busy={busyGuides.has(guide.id)}
                        onSave={onCertify}
                      />
                      <GuideListingStatus guide={guide} busy={busyGuides.has(guide.id)} onHide={onHideGuide} onShow={onShowGuide} />
                    </>
                  ) : (
                    // The guide deleted their account: the ended licence and its orders are kept without them.
                    <span className="block font-semibold text-stone-600">{guideNameOf(licence)}</span>
                  )}
                </td>
                <th scope="row" id={`${tableId}-area-${licence.id}`} tabIndex={-1} className="max-w-[14rem] px-2 py-3 font-semibold">
                  <span className="block break-words text-ember-900">{area}</span>
                  <span className="block text-xs font-normal text-stone-600">{AREA_KIND_LABELS[licence.area.kind]}</span>
                </th>
                <td className="px-2 py-3">{KIND_LABELS[licence.kind]}</td>
                <td className="px-2 py-3">
                  <LicenceStatusBadge status={licence.status} />
                  {licence.renewalDue && <span className="mt-1 block text-xs font-semibold text-amber-900">Renewal due</span>}
                </td>
                <td className="px-2 py-3">
                  <OrderSummary licence={licence} />
                  {licence.orders.length > 0 && (
                    <button
                      type="button"
                      className="mt-1 inline-flex items-center gap-0.5 rounded text-xs font-semibold text-flame-800 underline"
                      aria-expanded={isExpanded}
                      aria-controls={ordersId}
                      onClick={() => toggle(licence.id)}
                      aria-label={`Orders (${licence.orders.length}): ${area}`}
                    >
                      {isExpanded ? (
                        <ChevronDown className="h-3.5 w-3.5" aria-hidden="true" />
                      ) : (
                        <ChevronRight className="h-3.5 w-3.5" aria-hidden="true" />
                      )}
                      Orders ({licence.orders.length})
                    </button>
                  )}
                </td>
                <td className="px-2 py-3">
                  <Term licence={licence} />
                </td>
                <td className="px-2 py-3">
                  <LicenceActions licence={licence} busy={busy} onAction={onAction} />
                </td>
              </tr>
              {isExpanded && (
                <tr id={ordersId} className="bg-stone-50">
                  <td colSpan={COLUMNS} className="px-3 py-3">
                    <OrdersHistory area={area} orders={licence.orders} />
                  </td>
                </tr>
              )}
            </tbody>
          );
        })}
        {licences.length === 0 && (
          <tbody>
            <tr>
              <td colSpan={COLUMNS} className="px-3 py-10 text-center text-stone-700">
                {loading ? 'Loading licences...' : filtered ? 'No licences match these filters.' : 'No licences or reservations yet.'}
              </td>
            </tr>
          </tbody>
        )}
      </table>
    </div>
  );
}

/** The order waiting for payment (reference, amount, due date), or what the current term cost. */
function OrderSummary({ licence }: { licence: AdminLicence }) {
  const order = licence.openOrder;
  if (order) {
    return (
      <div>
        <span className="block font-mono font-semibold whitespace-nowrap text-stone-900">{order.reference}</span>
        <span className="block text-xs text-stone-700">
          {formatDollars(order.amount)}
          {order.isRenewal ? ' renewal' : ''} · due <LocalDate value={order.dueAt} />
        </span>
      </div>
    );
  }
  if (licence.pricePaid !== null) {
    return (
      <span>
        {formatDollars(licence.pricePaid)} <span className="text-xs text-stone-600">paid</span>
      </span>
    );
  }
  return <span className="text-stone-600">—</span>;
}

/** The current term's dates, and the grace period's end while in it. */
function Term({ licence }: { licence: AdminLicence }) {
  if (!licence.startsAt || !licence.endsAt) return <span className="text-stone-600">Not started</span>;
  return (
    <span>
      {/* A narrow column wraps between the dates, the dash kept with the first. */}
      <LocalDate value={licence.startsAt} className="whitespace-nowrap" />
      {'\u00a0– '}
      <LocalDate value={licence.endsAt} className="whitespace-nowrap" />
      {licence.graceEndsAt && (
        <span className="block text-xs text-orange-900">
          grace until <LocalDate value={licence.graceEndsAt} />
        </span>
      )}
    </span>
  );
}

/** Every order of a licence, newest first as the server sends them. */
function OrdersHistory({ area, orders }: { area: string; orders: LicenceOrder[] }) {
  return (
    <table className="w-full max-w-4xl border-collapse text-left text-xs">
      <caption className="pb-2 text-left text-sm font-semibold text-ember-900">Orders for {area}</caption>
      <thead className="text-stone-700">
        <tr>
          {['Reference', 'For', 'Tier', 'Amount', 'Status', 'Created', 'Due', 'Paid'].map((label) => (
            <th key={label} scope="col" className="px-2 py-1.5 font-semibold">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-200">
        {orders.map((order) => (
          <tr key={order.id}>
            <th scope="row" className="px-2 py-1.5 font-mono font-semibold whitespace-nowrap text-stone-900">
              {order.reference}
            </th>
            <td className="px-2 py-1.5">{order.isRenewal ? 'Renewal' : 'First year'}</td>
            <td className="px-2 py-1.5">{order.tier}</td>
            <td className="px-2 py-1.5">{formatDollars(order.amount)}</td>
            <td className="px-2 py-1.5">{ORDER_STATUS_LABELS[order.status]}</td>
            <td className="px-2 py-1.5 whitespace-nowrap">
              <LocalDate value={order.createdAt} />
            </td>
            <td className="px-2 py-1.5 whitespace-nowrap">
              <LocalDate value={order.dueAt} />
            </td>
            <td className="px-2 py-1.5 whitespace-nowrap">{order.paidAt ? <LocalDate value={order.paidAt} /> : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
