-- Stripe's refunds name the payment, not the Checkout Session (issue 32): a charge.refunded event carries the charge's
-- payment_intent, which the paid session named too. Kept with the order so that its refund finds it.
alter table store_orders add column payment_ref text check (char_length(payment_ref) between 1 and 200);
create index store_orders_payment_ref_idx on store_orders (store, payment_ref) where payment_ref is not null;
