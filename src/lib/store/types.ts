// The store's orders (issue 32): server-free, for the admin's Orders view and the webhooks alike.

export const STORES = ['shopify', 'stripe'] as const;
export type StoreName = (typeof STORES)[number];

/** The stores as the admin knows them. */
export const STORE_LABELS: Record<StoreName, string> = { shopify: 'Shopify', stripe: 'Stripe' };

/** "Shopify order 820982911946154508", "Stripe order cs_…": how the admins, the codes' notes and the audit log name an order. */
export const orderName = (order: { store: StoreName; storeOrderId: string }) =>
  `${STORE_LABELS[order.store]} order ${order.storeOrderId}`.slice(0, 200);

/** The admin's Orders view: every order, or one. */
export const adminOrdersPath = (id?: number) => (id === undefined ? '/admin-orders' : `/admin-orders?order=${id}`);

/** A partly refunded order is still paid: its later refunds and its cancellation still act on it. */
export const STORE_ORDER_STATUSES = ['paid', 'partially_refunded', 'cancelled', 'refunded'] as const;
export type StoreOrderStatus = (typeof STORE_ORDER_STATUSES)[number];

/** A status as a sentence says it: "the order was partially refunded". */
export const statusInWords = (status: StoreOrderStatus) => status.replace('_', ' ');

/** What an item delivers on the site (src/content/store.yaml); null for an item the site does not deliver. */
export const STORE_ITEM_KINDS = ['host-set', 'licence'] as const;
export type StoreItemKind = (typeof STORE_ITEM_KINDS)[number];

export interface StoreItem {
  sku: string | null;
  title: string;
  kind: StoreItemKind | null;
  quantity: number;
  /** What the line cost in all, in the order's currency's smallest unit (cents). */
  amountCents: number;
}

/**
 * A quantity as the stores send it (Shopify's line item `quantity`, a Stripe Payment Link's metadata `quantity`):
 * written in decimal digits, from 1 to `max`, or null. Nothing else is read as a number: not "0x10", "1e2" or " 2",
 * which JavaScript's Number() would read as 16, 100 and 2, nor 0, -1 or 1.5.
 */
export function wholeQuantity(value: unknown, max: number): number | null {
  const digits = typeof value === 'number' ? String(value) : value;
  if (typeof digits !== 'string' || !/^[1-9]\d{0,5}$/.test(digits)) return null;
  const quantity = Number(digits);
  return quantity <= max ? quantity : null;
}

/**
 * The refunds a store told of, by the store's id of each (Shopify's refund id, Stripe's charge id): how many of the
 * order's HOST SETs each refunded, and how much it refunded in all, in cents. Kept with the order, so that a refund
 * told twice (a replayed delivery, an order's snapshot listing its refunds) counts once.
 */
export type StoreRefunds = Record<string, { hostSets: number; cents: number }>;

/** How many HOST SETs the items buy. */
export const hostSetsBought = (items: readonly StoreItem[]) =>
  items.reduce((sum, item) => sum + (item.kind === 'host-set' ? item.quantity : 0), 0);

/** An order as a store's webhook tells it, before the site acts on it. */
export interface StoreOrderInput {
  store: StoreName;
  storeOrderId: string;
  email: string | null;
  name: string | null;
  items: StoreItem[];
  currency: string;
  totalCents: number;
  status: StoreOrderStatus;
  /** The licence reference (FK-XXXX-XXXX) the order carried, if any. */
  reference: string | null;
  /** The store's id of the payment, where its refunds name that instead of the order (Stripe's PaymentIntent). */
  paymentRef?: string | null;
  /** The refunds the store told of with this event, if any. */
  refunds?: StoreRefunds;
}

/** A stored order, as the admin's Orders view shows it. */
export interface StoreOrder extends StoreOrderInput {
  id: number;
  /** The HOST SET codes the order produced, with whether each is redeemed or revoked. */
  codes: { code: string; redeemed: boolean; revoked: boolean }[];
  licenceId: number | null;
  problems: string[];
  createdAt: string;
  updatedAt: string;
}
