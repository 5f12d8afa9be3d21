-- Demand (issue 39, docs/decisions/032-demand-counts.md): how many people want a club where there is none, counted per
-- ZIP code, county and state with no personal data. Written only by src/lib/server/demand/.

-- The running counts of each area (a ZIP code, a county by its FIPS code, a state by its code; an area's id is
-- `${area_kind}-${area_code}`, as licensing writes it). `waiting`: confirmed visitor alerts waiting for a club there,
-- kept by the alerts as they are confirmed and deleted. `unmet_searches`: directory searches that found no club within
-- their distance over the last 90 days, one per client per place per day: raised by each such search, lowered by the
-- demand-window job as its day leaves the window. Pages read these rows, never the days below.
create table demand_areas (
  area_kind area_kind not null,
  area_code text not null,
  waiting integer not null default 0 check (waiting >= 0),
  unmet_searches integer not null default 0 check (unmet_searches >= 0),
  primary key (area_kind, area_code)
);

-- The unmet searches of each area and day within the window, so that the job knows what to take off the running counts.
create table demand_days (
  area_kind area_kind not null,
  area_code text not null,
  day date not null,
  unmet_searches integer not null check (unmet_searches > 0),
  primary key (area_kind, area_code, day)
);
create index demand_days_day_idx on demand_days (day);

-- "Counted once per client per place per day" without keeping the client: each counted search leaves a mark, the
-- HMAC-SHA256 of the client's address and the place under a random key of that day alone. A second search of the
-- place by the client that day makes the same mark, and is not counted again. The job deletes a day's key and marks
-- once the day is over: from then on nothing links a count to an address, not even by trying every address.
create table demand_day_keys (
  day date primary key,
  key bytea not null check (octet_length(key) = 32)
);
create table demand_search_marks (
  mark bytea primary key check (octet_length(mark) = 32),
  day date not null
);
create index demand_search_marks_day_idx on demand_search_marks (day);
