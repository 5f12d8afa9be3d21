-- A rare meeting filter made the scans of migrations 007 and 016 read far more clubs than they return (measured at
-- 100,000 clubs, docs/performance.md): a filter alone walked the newest-first index past every club it skipped (page
-- 100 of Tuesday evening: 53,688 rows), and the nearest clubs for a filter no club matches walked the whole
-- nearest-first index (90,000). The positions of meeting_bits' set bits as an array, meeting_keys, can be indexed:
-- - by GIN, which fetches just the clubs with a key; the planner takes it when ANALYZE's statistics on the array's
--   elements say a filter matches few clubs, and keeps the ordered scans, which stop after the page, when many
--   (the directory plans each filtered list for its own keys: `planned` in src/lib/server/directory/directory.ts);
-- - next to the position in the nearest-first GiST index, so a nearest-first scan skips every part of the index
--   holding no club with the key (a filter no club has matched reads nothing) instead of reading and rejecting rows.
-- intarray (a trusted contrib extension, in PGlite too) gives int[] the GiST operator class; its `&&` (any slot) and
-- `@>` (every format bit) are the operators both indexes serve. The function only lists bit positions: what a bit
-- means is still defined by meetingFilterBits in src/lib/meeting-types.ts alone.
create extension if not exists intarray;

create function meeting_keys_of(bits integer) returns integer[]
  language sql immutable strict parallel safe
  return array(select position from generate_series(0, 31) as position where bits & (1 << position) <> 0 order by position);

alter table clubs add column meeting_keys integer[] generated always as (meeting_keys_of(meeting_bits)) stored;

-- fastupdate off: clubs are written a few at a time, and a pending list of new entries would be read by every search
-- until autovacuum merged it (90,000 pending entries after the bench's bulk seeding made the planner cost the index
-- at 50 times its merged price, and pass it over).
create index clubs_verified_meeting_keys_idx on clubs using gin (meeting_keys gin__int_ops) with (fastupdate = off) where is_verified;
-- Every distance search asks for `unit_position is not null`; the lists do not, so the planner cannot take this index
-- for their keys alone, where it reads most of it (measured: a state with a rare filter, 1,226 pages and 16.6 ms
-- against the GIN index's 218 and 2 ms).
create index clubs_verified_nearest_meeting_idx on clubs using gist (unit_position, meeting_keys gist__int_ops)
  where is_verified and unit_position is not null;
drop index clubs_verified_nearest_idx;

-- Without statistics on the new column the planner would take every filter for a rare one until autovacuum analyzes
-- the table (adding a column changes no rows, so nothing prompts it).
analyze clubs;
