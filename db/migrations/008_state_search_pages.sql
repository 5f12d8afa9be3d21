-- A state search now comes a page at a time (newest first). Clubs registered in the same instant need an order that
-- is the same on every page, so the index on verified clubs by state also orders by id, and the query reads it whole.
create index clubs_verified_state_newest_idx on clubs (state, created_at desc, id desc) where is_verified;
drop index clubs_verified_state_idx;
