-- A guide's email is confirmed before the account may reserve an area (issue 26): reservations email the address and
-- notify the admins, so an account registered with someone else's address must not make them. A single-use link
-- (24 hours) confirms it; only the SHA-256 of its token is stored, as for password resets and check-ins.
alter table users add column email_confirmed_at timestamptz;

-- Accounts that have paid for a licence, and the admins, have shown they read their mail; the others confirm at their
-- next reservation.
update users u set email_confirmed_at = u.created_at
where u.role = 'admin'
  or exists (
    select 1 from licences l join licence_orders o on o.licence_id = l.id
    where l.guide_id = u.id and o.status = 'paid');

create table email_confirmations (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  -- The address the link was sent to: a link confirms that address only, not one the account changed to since.
  email text not null,
  -- Where the link brings its reader back to (a path of this site, built by the server): the area card they were on.
  return_to text not null check (return_to like '/%' and return_to not like '//%'),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index email_confirmations_user_idx on email_confirmations (user_id, created_at desc);

-- Every licence read lists its orders by licence (only the open ones had an index). Unrelated to confirmation; added
-- here because this is the next migration.
create index licence_orders_licence_idx on licence_orders (licence_id);
