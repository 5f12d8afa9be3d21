-- Guides people can find and reach (issue 27, docs/decisions/022): a guide's public profile, its photo, the admin's
-- hiding of it, and the messages visitors send a guide (from the guide's page, or forwarded from the contact page).
--
-- A guide is listed while the admin has recorded a certification date, the guide holds an active licence or one in
-- its grace period, and neither the guide nor the admin has hidden the profile (src/lib/server/guides/listing.ts).

create type guide_meeting_mode as enum ('in-person', 'online', 'both');

alter table guides
  -- The guide's number in public addresses (/guides/{id}-{slug}, /api/guides/{id}/…): the account's own id stays private.
  add column public_id integer generated always as identity unique,
  add column bio text not null default '' check (char_length(bio) <= 1000),
  add column languages text[] not null default '{English}' check (cardinality(languages) between 1 and 10),
  add column meets guide_meeting_mode not null default 'in-person',
  add column show_phone boolean not null default false,
  -- The guide's own choice to leave the public pages.
  add column profile_hidden boolean not null default false,
  -- The admin's hiding, with the reason the guide was emailed; both null while the admin has not hidden it.
  add column admin_hidden_at timestamptz,
  add column admin_hidden_reason text check (char_length(admin_hidden_reason) between 3 and 500),
  add constraint guides_admin_hidden_with_reason check ((admin_hidden_at is null) = (admin_hidden_reason is null));

-- The photo as served: a square WebP of at most 400 × 400 without metadata, re-encoded by the server from the upload,
-- kept in PostgreSQL so that every instance serves it. Its own table, so that reading guides never reads images.
create table guide_photos (
  guide_id uuid primary key references guides (user_id) on delete cascade,
  image bytea not null check (octet_length(image) <= 1000000),
  updated_at timestamptz not null default now()
);

-- Find a guide reads the licences that list a guide in a state; the partial index holds just those.
create index licences_listing_idx on licences (state_code, area_kind, county_fips, zip) where status in ('active', 'grace');

create type guide_message_reason as enum ('schedule', 'question', 'other');
create type guide_message_source as enum ('guide-page', 'contact-page');

create table guide_messages (
  id integer generated always as identity primary key,
  guide_id uuid not null references guides (user_id) on delete cascade,
  name text not null check (char_length(name) between 2 and 100),
  email text not null check (char_length(email) <= 254),
  phone text check (char_length(phone) between 10 and 30),
  reason guide_message_reason not null,
  message text not null check (char_length(message) between 10 and 5000),
  source guide_message_source not null,
  -- The contact-page message it was forwarded from: at most one forward each.
  contact_request_id integer unique references contact_requests (id) on delete set null,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  replied_at timestamptz
);
create index guide_messages_inbox_idx on guide_messages (guide_id, created_at desc);

-- An email's Reply-To: a message to a guide is answered straight to the visitor who sent it.
alter table outbox add column reply_to text check (char_length(reply_to) <= 254);
