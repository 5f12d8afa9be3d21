-- The directory's meeting filters alone list the newest matching clubs (docs/decisions/020). The newest-first index of
-- migration 016 gave the order but not the filter: each club the scan passed was fetched from the table to test its
-- meeting keys (Tuesday evening, page 1, at 100,000 clubs: 274 rows for 25), and which of that scan and the GIN
-- index of migration 017 was cheaper depended on the filter, so each filtered list had to be planned for its own keys,
-- in a transaction of its own: four statements a request. This index carries meeting_bits beside the order, so an
-- index-only scan tests the filter in the index and the table is read for the page's clubs alone. Every filter then
-- has one best plan, and a prepared statement keeps it (at 100,000 clubs, a filter no club matches reads the whole
-- index: 90,000 entries, 349 pages, about 4 ms).
-- Its condition is the directory's whole condition for a listed club (decision 019): an index-only scan cannot read
-- inactive_since from the table. The recent list without filters reads it in order too, so it replaces migration
-- 016's index, which also held the verified clubs that are inactive.
create index clubs_listed_newest_idx on clubs (created_at desc, id desc) include (meeting_bits)
  where is_verified and inactive_since is null;
drop index clubs_verified_newest_idx;

-- An index-only scan reads the table for every entry on a page written since its last vacuum. By default autovacuum
-- waits for a fifth of the clubs to change; the check-ins alone update every club every 90 days or so, so for weeks
-- at a time most pages would be read again. Vacuuming after 1 % keeps the scan in the index (the table is small: 6,200
-- pages at 100,000 clubs).
alter table clubs set (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01);
