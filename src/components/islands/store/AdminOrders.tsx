import { useCallback, useId, useState } from 'react';
import { Mail } from 'lucide-react';
import { apiRequest, serverMessage } from '#lib/client/api.ts';
import { handleAdminError } from '#lib/client/admin-errors.ts';
import { toast } from '#lib/client/toast.ts';
import { LocalDate } from '#components/islands/shared/LocalDate.tsx';
import { formatMoney } from '#lib/shared/format.ts';
import { orderName, type StoreOrder, type StoreOrderStatus } from '#lib/store/types.ts';
import { ITEM_KIND_LABELS, ORDERS_URL, ORDER_STATUS_LABELS, orderQueryString, type OrderFilters } from './order-filters.ts';
import { Pager } from '#components/islands/shared/Pager.tsx';
import { MAX_ORDERS_PAGE, ORDERS_PAGE_SIZE } from '#lib/schemas/admin-orders.ts';
import { LoadFailed } from '#components/islands/shared/LoadFailed.tsx';
import { useAdminPage } from '#components/islands/shared/use-admin-page.ts';
import { plural } from '#lib/shared/plural.ts';

interface AdminOrdersProps {
  /** The view the page's URL asked for. */
  initialFilters: OrderFilters;
}

/** The codes of an order that its buyer can still use: the resend emails these. */
const usableCodes = (order: StoreOrder) => order.codes.filter((code) => !code.redeemed && !code.revoked);

/**
 * /admin-orders: the store's orders a page at a time from the API, the ones with problems first, each with its buyer,
 * items, what it produced (HOST SET codes, a paid licence) and its problems; the code email can be sent again.
 */
export default function AdminOrders({ initialFilters }: AdminOrdersProps) {
  const [filters, setFilters] = useState<OrderFilters>(initialFilters);
  const [resending, setResending] = useState<number | null>(null);
  const listId = useId();

  const query = orderQueryString(filters);
  const goToPage = useCallback((page: number) => setFilters((current) => ({ ...current, page })), []);
  const { list, setList, loading, loadError, reload, pages, status } = useAdminPage<StoreOrder>({
    url: ORDERS_URL,
    query,
    page: filters.page,
    pageSize: ORDERS_PAGE_SIZE,
    maxPage: MAX_ORDERS_PAGE,
    noun: ['order', 'orders'],
    goToPage,
  });

  const resend = async (order: StoreOrder) => {
    const count = usableCodes(order).length;
    const what = plural(count, { one: 'its unused code', other: `its ${count} unused codes` });
    if (!window.confirm(`Send the email with ${what} for ${orderName(order)} to ${order.email} again?`)) return;
    setResending(order.id);
    try {
      const response = await apiRequest('POST', `/api/admin/orders/${order.id}/resend-codes`);
      const updated = (await response.json()) as StoreOrder;
      setList((current) => current && { ...current, items: current.items.map((o) => (o.id === updated.id ? updated : o)) });
      toast({ title: 'Email Sent', description: `The code email for ${orderName(order)} is on its way to ${order.email}.` });
    } catch (error) {
      // A refusal (the last code was redeemed or revoked meanwhile) is followed by the list as the server has it.
      if (!handleAdminError(error, { title: 'Resend Failed', description: serverMessage(error) ?? 'Please try again.' })) reload();
    } finally {
      setResending(null);
    }
  };

  const shown = list?.items.length ?? 0;
  const emptyText = filters.order ? 'There is no such order.' : filters.problems ? 'No order has a problem.' : 'No orders yet.';

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <section className="card min-w-0" aria-labelledby="orders-heading">
        <h2 id="orders-heading" className="text-2xl font-bold text-ember-900">
          Store Orders
        </h2>
        <p className="mt-2 text-sm text-stone-700">
          Each paid order the store reports: HOST SETs become codes emailed to the buyer, licence payments activate the licence their
          reference names. Orders with problems come first.
        </p>

        <div className="mt-5 flex flex-wrap items-center gap-x-6 gap-y-3">
          <label className="inline-flex items-center gap-2 font-medium text-stone-900">
            <input
              type="checkbox"
              className="h-4 w-4 accent-flame-700"
              checked={filters.problems}
              aria-controls={listId}
              onChange={(event) => setFilters((current) => ({ ...current, problems: event.target.checked, page: 1 }))}
            />
            Only orders with problems
          </label>
          {filters.order !== undefined && (
            <button
              type="button"
              className="text-sm font-semibold text-flame-800 underline"
              onClick={() => setFilters((current) => ({ problems: current.problems, page: 1 }))}
            >
              Show all orders
            </button>
          )}
        </div>

        <p className="mt-4 text-sm text-stone-700" role="status">
          {status}
        </p>

        {loadError && <LoadFailed message={loadError} onRetry={reload} />}

        <div className={`transition-opacity ${loading && list ? 'opacity-60' : ''}`} aria-busy={loading}>
          {list && shown === 0 ? (
            <p id={listId} className="mt-4 rounded-xl border border-stone-200 px-4 py-8 text-center text-stone-700">
              {emptyText}
            </p>
          ) : (
            <ul id={listId} className="mt-4 grid gap-4" aria-label="Orders">
              {list?.items.map((order) => (
                <li key={order.id}>
                  <OrderCard order={order} busy={resending === order.id} onResend={() => void resend(order)} />
                </li>
              ))}
            </ul>
          )}
        </div>

        {pages > 1 && (
          <Pager label="Order pages" page={filters.page} pages={pages} onPage={(page) => setFilters((current) => ({ ...current, page }))} />
        )}
      </section>
    </div>
  );
}

const STATUS_CLASSES: Record<StoreOrderStatus, string> = {
  paid: 'bg-emerald-100 text-emerald-900',
  partially_refunded: 'bg-amber-100 text-amber-900',
  cancelled: 'bg-stone-200 text-stone-800',
  refunded: 'bg-red-100 text-red-900',
};

function OrderCard({ order, busy, onResend }: { order: StoreOrder; busy: boolean; onResend: () => void }) {
  const titleId = `order-${order.id}-title`;
  const hasProblems = order.problems.length > 0;
  return (
    <article
      aria-labelledby={titleId}
      className={`rounded-xl border p-4 ${hasProblems ? 'border-amber-300 bg-amber-50/40' : 'border-stone-200 bg-white'}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={titleId} className="text-lg font-semibold text-ember-900">
          {orderName(order)}
        </h3>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-700">
          <span className={`inline-flex rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATUS_CLASSES[order.status]}`}>
            {ORDER_STATUS_LABELS[order.status]}
          </span>
          <span>
            Received <LocalDate value={order.createdAt} />
          </span>
        </p>
      </div>

      {hasProblems && (
        <div className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <p className="font-semibold">{plural(order.problems.length, { one: 'Problem', other: 'Problems' })}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {order.problems.map((problem, i) => (
              <li key={i}>{problem}</li>
            ))}
          </ul>
        </div>
      )}

      <dl className="mt-3 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-[1fr_1.4fr_0.6fr_1.4fr]">
        <div className="min-w-0">
          <dt className="font-semibold text-stone-900">Buyer</dt>
          <dd className="break-words text-stone-800">
            {order.name ?? <span className="text-stone-600">No name given</span>}
            <br />
            {order.email ? (
              <a className="text-flame-800 underline" href={`mailto:${order.email}`}>
                {order.email}
              </a>
            ) : (
              <span className="text-stone-600">No email address</span>
            )}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="font-semibold text-stone-900">Items</dt>
          <dd className="text-stone-800">
            <ul className="space-y-1">
              {order.items.map((item, i) => (
                <li key={i} className="break-words">
                  {item.quantity} × {item.title}{' '}
                  <span className="whitespace-nowrap">({formatMoney(item.amountCents, order.currency)})</span>
                  <span className="block text-xs text-stone-600">
                    {item.sku ? `SKU ${item.sku}` : 'No SKU'} · {item.kind ? ITEM_KIND_LABELS[item.kind] : 'Not delivered by the site'}
                  </span>
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-stone-900">Amount</dt>
          <dd className="text-stone-800">{formatMoney(order.totalCents, order.currency)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="font-semibold text-stone-900">Produced</dt>
          <dd className="text-stone-800">
            <Produced order={order} />
          </dd>
        </div>
      </dl>

      {usableCodes(order).length > 0 && order.email && (
        <div className="mt-4">
          <button type="button" className="btn-secondary px-3 py-2" disabled={busy} onClick={onResend}>
            <Mail className="h-4 w-4" aria-hidden="true" />
            {busy ? 'Sending...' : 'Resend the code email'}
            <span className="sr-only"> for {orderName(order)}</span>
          </button>
        </div>
      )}
    </article>
  );
}

/** What the order produced: its codes with their state, the licence it paid, or nothing. */
function Produced({ order }: { order: StoreOrder }) {
  if (order.codes.length === 0 && order.reference === null) return <span className="text-stone-600">Nothing</span>;
  return (
    <ul className="space-y-1">
      {order.codes.map((code) => (
        <li key={code.code}>
          <span className="font-mono font-semibold">{code.code}</span>{' '}
          <span className="text-stone-700">{code.redeemed ? 'redeemed' : code.revoked ? 'revoked' : 'unused'}</span>
        </li>
      ))}
      {order.reference !== null && (
        <li>
          {order.licenceId === null ? 'No licence paid for ' : 'Licence paid: '}
          <a className="font-mono font-semibold text-flame-800 underline" href={`/admin-licences?q=${encodeURIComponent(order.reference)}`}>
            {order.reference}
          </a>
        </li>
      )}
    </ul>
  );
}
