-- A refund of part of an order revokes only as many of its unused HOST SET codes as it refunded (issue 37, F5): such
-- an order stays paid in part, and its later refunds and cancellation still act on it.
alter type store_order_status add value 'partially_refunded' after 'paid';

-- The refunds the store told of, by its id of each (Shopify's refund id, Stripe's charge id): { "<id>": { "hostSets":
-- how many HOST SETs it refunded, "cents": what it refunded in all } }. A refund told again (a replayed delivery, an
-- order's snapshot listing its refunds) counts once.
alter table store_orders add column refunds jsonb not null default '{}' check (jsonb_typeof(refunds) = 'object');
