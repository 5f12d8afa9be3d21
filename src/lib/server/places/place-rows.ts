import type { Sql, TransactionSql } from '#server/platform/db/db.ts';

// Places' rows as queries another domain's bulk statement selects from: the benchmarks' seeds (scripts/bench) put
// thousands of clubs, alerts, licences and demand rows at real ZIP codes and areas in one statement each, which asking
// places for them one by one would not do. Each is places' word for its rows (decision 040); what is written from
// them is written by the domain that owns it.

/** Every ZIP code: zip, city, state, latitude, longitude. */
export const zipCodeRows = (sql: Sql | TransactionSql) => sql`select zip, city, state, latitude, longitude from zip_codes`;

/** Every ZIP code tabulation area: zcta, county_fips, state_code, population. */
export const zctaRows = (sql: Sql | TransactionSql) => sql`select zcta, county_fips, state_code, population from census_zctas`;

/** Every area where people live, as (kind, code): the ZIP codes with people, every county and every state but DC. */
export const populatedAreaCodes = (sql: Sql | TransactionSql) => sql`
  select 'zip' as kind, zcta::text as code from census_zctas where population > 0
  union all select 'county', county_fips::text from census_counties
  union all select 'state', state_code::text from census_states where is_state`;
