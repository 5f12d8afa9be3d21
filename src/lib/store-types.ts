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

export const STORE_ORDER_STATUSES = ['paid', 'cancelled', 'refunded'] as const;
export type StoreOrderStatus = (typeof STORE_ORDER_STATUSES)[number];

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
