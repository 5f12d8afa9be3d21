-- A guide's page lists the clubs meeting in the guide's areas (issue 27): the listed clubs at the ZIP codes of its ZIP
-- code and county licences. Without an index on zip_code that read every club (measured at 100,000 clubs: 57-260 ms
-- for a guide holding a county's 49 ZIP codes, the page at 11 requests/s); with this one it reads just those clubs.
create index clubs_listed_zip_code_idx on clubs (zip_code) where is_verified and inactive_since is null;
