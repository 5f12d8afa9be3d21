-- Where an in-person or hybrid club meets (issue 30 item 22): the venue's name and street address, shown on the
-- club's page with a "Directions" link and put in its calendar's LOCATION. A host meeting in a private home keeps the
-- place private (venue_private): the public shapes then say only that it is shared after you ask to join. Every
-- column is empty or defaulted, so existing clubs stay valid and simply name no place.
alter table clubs
  -- The lengths are the schema's (src/lib/schemas/clubs.ts), held here too because the seed and the admin's tools
  -- write rows without it: a name of 2 to 120 characters, an address long enough to be a street address.
  add column venue_name text check (length(venue_name) between 2 and 120),
  add column venue_address text check (length(venue_address) between 5 and 200),
  add column venue_private boolean not null default false;
