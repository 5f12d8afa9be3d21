-- The two other kinds of visitor alert (issue 39, migration 040 made room for them): 'guides' ("Tell me when a guide
-- serves {place}") and 'club' ("Tell me when {club} takes new members"). A 'club' alert needs no table of its own: it
-- is matched, as the club alerts are, when its club becomes new to alert_known_clubs (listed and taking members).

-- The guides serving a guide alert's place that the alert has been told of, or is about to be (emailed_at null): the
-- job records each listed guide whose licence covers the place and is not here, and forgets those that no longer
-- cover it (licence ended, guide hidden), so that a guide who comes back is news again. As alert_known_clubs is for
-- the club alerts, per alert: a guide's licence covers a few places, not a radius.
create table alert_known_guides (
  alert_id bigint not null references alerts (id) on delete cascade,
  guide_id uuid not null references guides (user_id) on delete cascade,
  known_since timestamptz not null default now(),
  emailed_at timestamptz,
  primary key (alert_id, guide_id)
);
create index alert_known_guides_waiting_idx on alert_known_guides (alert_id) where emailed_at is null;
create index alert_known_guides_guide_idx on alert_known_guides (guide_id);

-- The job's questions: the confirmed guide alerts (to find the guides serving them), and the confirmed club alerts of
-- a club (to find those whose club takes members again).
create index alerts_confirmed_guides_idx on alerts (state, zip_code) where confirmed_at is not null and kind = 'guides';
create index alerts_confirmed_club_idx on alerts (club_id) where confirmed_at is not null and kind = 'club';
