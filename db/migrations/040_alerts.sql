-- Alerts for visitors (issue 39): "tell me when a club starts near me", without an account. An alert is double opt-in
-- (confirmed_at), lives 12 months from its confirmation (expires_at) and is deleted with its address: the address is
-- kept on the alert alone, so deleting the alert deletes it. Only hashes of link tokens are stored (platform/tokens.ts).
create table alerts (
  id bigint generated always as identity primary key,
  email text not null check (char_length(email) <= 254),
  -- SHA-256 of the mailbox the address reaches (platform/email/acknowledgements.ts): one key for its spellings, which the
  -- limits count by and the "Your alerts" page lists by.
  mailbox_hash text not null check (mailbox_hash ~ '^[0-9a-f]{64}$'),
  -- 'clubs' now; 'guides' (a guide serves the place) and 'club' (that club takes new members again) later.
  kind text not null default 'clubs' check (kind in ('clubs', 'guides', 'club')),
  club_id integer references clubs (id) on delete cascade,
  -- The place as the site resolved it ("Austin, TX 78704"), the only typed thing an email quotes.
  place_label text not null check (char_length(place_label) between 2 and 120),
  zip_code text check (zip_code ~ '^\d{5}$'),
  state text check (state ~ '^[A-Z]{2}$'),
  latitude double precision not null check (latitude between -90 and 90),
  longitude double precision not null check (longitude between -180 and 180),
  -- The zone of the place, in which an email gives a club's next session.
  time_zone text,
  distance_miles integer not null default 25 check (distance_miles in (10, 25, 50)),
  include_online boolean not null default false,
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  expires_at timestamptz,
  -- When the "Keep this alert?" email went, 14 days before expires_at.
  keep_asked_at timestamptz,
  -- The last email listing matches: at most one a day.
  last_emailed_at timestamptz,
  -- The place on the unit sphere, as clubs.unit_position (migration 007): a new club finds the alerts around it
  -- through the GiST index below, nearest first or within a cube, without reading the others.
  unit_position cube generated always as (
    cube(cube(cube(cos(radians(latitude)) * cos(radians(longitude))), cos(radians(latitude)) * sin(radians(longitude))), sin(radians(latitude)))
  ) stored,
  check ((kind = 'club') = (club_id is not null)),
  check ((confirmed_at is null) = (expires_at is null))
);
-- The matching's question: the confirmed club alerts within 50 miles of a club (then each within its own distance).
create index alerts_confirmed_position_idx on alerts using gist (unit_position) where confirmed_at is not null and kind = 'clubs';
-- An online club matches every confirmed alert that includes online clubs, wherever it is.
create index alerts_confirmed_online_idx on alerts (id) where confirmed_at is not null and kind = 'clubs' and include_online;
create index alerts_mailbox_idx on alerts (mailbox_hash);
-- The clean-up's questions: unconfirmed alerts older than 7 days, confirmed ones past their end or near it.
create index alerts_unconfirmed_idx on alerts (created_at) where confirmed_at is null;
create index alerts_expires_idx on alerts (expires_at) where expires_at is not null;

-- The links of the alert emails. Each token proves its reader gets the mailbox's email: it opens the "Your alerts" page
-- of the mailbox, and acts on its own alert (confirm, unsubscribe, keep). When that alert is deleted the link still
-- opens the page, until the mailbox has no alert left: then its links go too.
create table alert_links (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  mailbox_hash text not null check (mailbox_hash ~ '^[0-9a-f]{64}$'),
  alert_id bigint references alerts (id) on delete set null,
  created_at timestamptz not null default now()
);
create index alert_links_mailbox_idx on alert_links (mailbox_hash);
create index alert_links_alert_idx on alert_links (alert_id);

-- The clubs an alert matched and not yet emailed: the day's matches go out in one email.
create table alert_matches (
  alert_id bigint not null references alerts (id) on delete cascade,
  club_id integer not null references clubs (id) on delete cascade,
  distance_miles double precision not null,
  matched_at timestamptz not null default now(),
  emailed_at timestamptz,
  primary key (alert_id, club_id)
);
create index alert_matches_waiting_idx on alert_matches (alert_id) where emailed_at is null;
create index alert_matches_club_idx on alert_matches (club_id);

-- The clubs the alerts have been told of: listed and taking new members when the alert job last looked. A club that
-- is listed (verified, active) and takes members but is not here is new to the alerts (just verified, back from
-- inactive, or joining switched back on); a club that stops being either leaves, so that it is news again when it
-- comes back. Every club listed today is known already: alerts are about clubs that start from now on.
create table alert_known_clubs (
  club_id integer primary key references clubs (id) on delete cascade,
  known_since timestamptz not null default now()
);
insert into alert_known_clubs (club_id)
select id from clubs where is_verified and inactive_since is null and accepting_members;

-- Headers an email carries besides the usual ones (List-Unsubscribe of RFC 8058), dropped with its text once sent.
alter table outbox add column headers jsonb;
