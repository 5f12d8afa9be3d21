-- Guide licensing (docs/decisions/017): census populations of the areas a guide can licence, guides, licences and the
-- orders that pay for them.

-- An account that only reserves or holds licences; a host or the admin who does so keeps their role.
alter type user_role add value 'guide';

-- Filled at start-up from db/census/*.csv (src/lib/server/licensing/census.ts), like zip_codes: US Census 2020.
create table census_states (
  state_code char(2) primary key,
  state_fips char(2) not null unique,
  name text not null,
  population integer not null check (population >= 0),
  -- False for the District of Columbia, which is in the census but cannot be licensed.
  is_state boolean not null
);

create table census_counties (
  county_fips char(5) primary key check (county_fips ~ '^[0-9]{5}$'),
  state_code char(2) not null references census_states (state_code),
  name text not null,
  population integer not null check (population >= 0)
);
-- Suggestions match a county by the start of its name within a state, in any case.
create index census_counties_name_idx on census_counties (lower(name) text_pattern_ops);

-- A ZIP code tabulation area lies, for licensing, in its primary county (the one holding most of its land).
create table census_zctas (
  zcta char(5) primary key check (zcta ~ '^[0-9]{5}$'),
  county_fips char(5) not null references census_counties (county_fips),
  state_code char(2) not null references census_states (state_code),
  population integer not null check (population >= 0)
);
create index census_zctas_county_idx on census_zctas (county_fips);

-- An account that reserves or holds licences. A club host becomes one with the same account.
create table guides (
  user_id uuid primary key references users (id) on delete cascade,
  name text not null check (char_length(name) between 2 and 100),
  phone text check (char_length(phone) between 10 and 30),
  -- Set by the admin when the guide completes certification.
  certified_on date,
  created_at timestamptz not null default now()
);

create type licence_kind as enum ('shared', 'exclusive');
create type area_kind as enum ('zip', 'county', 'state');
-- reserved: awaiting its first payment; active; grace: an exclusive licence past its end, still held for 30 days.
-- The rest hold nothing: lapsed (unpaid in time), cancelled (by the guide), released (a reservation, by the admin),
-- revoked (by the admin), expired.
create type licence_status as enum ('reserved', 'active', 'grace', 'lapsed', 'cancelled', 'released', 'revoked', 'expired');

create table licences (
  id integer generated always as identity primary key,
  guide_id uuid not null references guides (user_id) on delete cascade,
  kind licence_kind not null,
  area_kind area_kind not null,
  -- The area and where it lies: a state has neither county nor zip, a county no zip. Two areas overlap when they are
  -- in one state and neither names a different county or a different ZIP code than the other.
  state_code char(2) not null references census_states (state_code),
  county_fips char(5) references census_counties (county_fips),
  zip char(5) references census_zctas (zcta),
  status licence_status not null default 'reserved',
  -- The current term: set when the first payment is recorded, moved a year on by each paid renewal.
  starts_at timestamptz,
  ends_at timestamptz,
  -- The end date the renewal notice was last sent for: at most one notice per term.
  renewal_notice_for timestamptz,
  status_changed_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  check ((area_kind = 'state') = (county_fips is null)),
  check ((area_kind = 'zip') = (zip is not null)),
  check ((status in ('active', 'grace', 'expired')) <= (ends_at is not null))
);
-- Availability reads the licences held in a state; the guide's page reads their own.
create index licences_held_idx on licences (state_code, county_fips, zip) where status in ('reserved', 'active', 'grace');
create index licences_guide_idx on licences (guide_id, created_at desc);

create type order_status as enum ('awaiting_payment', 'paid', 'lapsed', 'cancelled', 'released');

-- What a guide pays, quoting the reference at the store: the first year of a licence, or a renewal.
create table licence_orders (
  id integer generated always as identity primary key,
  licence_id integer not null references licences (id) on delete cascade,
  reference text not null unique check (reference ~ '^FK-[A-Z0-9]{4}-[A-Z0-9]{4}$'),
  is_renewal boolean not null,
  -- The price as quoted: the tier of the area's population ÷ multiplier, at the licence kind's yearly fee.
  tier integer not null check (tier between 1 and 99),
  amount integer not null check (amount > 0),
  status order_status not null default 'awaiting_payment',
  created_at timestamptz not null default now(),
  due_at timestamptz not null,
  paid_at timestamptz,
  check ((status = 'paid') = (paid_at is not null))
);
-- At most one open order per licence.
create unique index licence_orders_open_idx on licence_orders (licence_id) where status = 'awaiting_payment';
create index licence_orders_due_idx on licence_orders (due_at) where status = 'awaiting_payment';
