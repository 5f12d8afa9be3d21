-- Licences and their orders are records of money paid: no cascade may remove them (security review, issue 26 item 6).
-- Deleting an account, or a guide, that holds a licence now fails; deleting a club keeps such an account instead.
alter table licences
  drop constraint licences_guide_id_fkey,
  add constraint licences_guide_id_fkey foreign key (guide_id) references guides (user_id) on delete restrict;
alter table licence_orders
  drop constraint licence_orders_licence_id_fkey,
  add constraint licence_orders_licence_id_fkey foreign key (licence_id) references licences (id) on delete restrict;

-- Secrets the servers make for themselves when the environment gives none (the device cookies' signing key), shared
-- by every instance and kept across restarts (issue 26 item 10).
create table server_secrets (
  name text primary key check (name ~ '^[a-z][a-z-]{2,40}$'),
  secret bytea not null check (octet_length(secret) >= 32),
  created_at timestamptz not null default now()
);
