-- The store pays and the site delivers (issue 32, docs/decisions/027): orders of the Shopify store and of Stripe
-- Payment Links arrive by signed webhooks and become one stored order each, written in the transaction of what it
-- produced (HOST SET codes, a paid licence) and of its emails.

create type store_name as enum ('shopify', 'stripe');
-- paid: the money arrived; cancelled or refunded afterwards (a refund of part of an order counts as refunded).
create type store_order_status as enum ('paid', 'cancelled', 'refunded');

create table store_orders (
  id integer generated always as identity primary key,
  store store_name not null,
  -- The store's own id of the order (Shopify's order id, Stripe's Checkout Session id).
  store_order_id text not null check (char_length(store_order_id) between 1 and 200),
  email text check (char_length(email) <= 254),
  name text check (char_length(name) <= 200),
  -- What was bought, as src/content/store.yaml names it: [{ sku, title, kind: 'host-set' | 'licence' | null, quantity,
  -- amountCents }], kind null for an item the site does not deliver.
  items jsonb not null default '[]' check (jsonb_typeof(items) = 'array'),
  currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
  total_cents integer not null check (total_cents >= 0),
  status store_order_status not null,
  -- The licence reference (FK-XXXX-XXXX) the order carried, and the licence its payment activated.
  reference text check (char_length(reference) <= 40),
  licence_id integer references licences (id) on delete set null,
  -- Why the order did not (fully) produce what it paid for, in words for the admin; empty when all went well.
  problems text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (store, store_order_id)
);
-- The admin's Orders view: newest first, the orders with problems first.
create index store_orders_recent_idx on store_orders (created_at desc);

-- The order a HOST SET code was issued for (null for a code the admin issued by hand).
alter table host_set_codes add column store_order_id integer references store_orders (id);
create index host_set_codes_store_order_idx on host_set_codes (store_order_id) where store_order_id is not null;

-- Every webhook delivery acted on, by the store's event id (Shopify's X-Shopify-Webhook-Id, Stripe's event id): a
-- repeated delivery is acknowledged without acting twice, even when two instances receive it at once.
create table store_webhook_events (
  store store_name not null,
  event_id text not null check (char_length(event_id) between 1 and 200),
  received_at timestamptz not null default now(),
  primary key (store, event_id)
);

alter type admin_notification_kind add value 'store-order';
