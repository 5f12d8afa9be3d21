-- Place searches list verified clubs nearest first. Ordering by a latitude/longitude box could not stop early: every
-- club in the box had its haversine distance computed and was sorted (about 135 rows for a 50-mile search at 100,000
-- clubs, to show 24). A club's position as a point on the unit sphere (x, y, z) makes the straight-line distance
-- between two positions a strictly increasing function of their great-circle distance, so a GiST index on it
-- (cube's, a trusted contrib extension) returns clubs nearest first (a k-nearest-neighbour scan) and stops after the
-- page: the query reads only the clubs it returns. cube() is strict, so a club without coordinates has none.
create extension if not exists cube;

alter table clubs
  add column unit_position cube generated always as (
    cube(cube(cube(cos(radians(latitude)) * cos(radians(longitude))), cos(radians(latitude)) * sin(radians(longitude))), sin(radians(latitude)))
  ) stored;

create index clubs_verified_nearest_idx on clubs using gist (unit_position) where is_verified;
drop index clubs_verified_position_idx;
