import fs from 'node:fs';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';

// US Census 2020 populations (db/census/PROVENANCE.md says where each number comes from), shipped as CSV files and
// loaded into PostgreSQL at the first start, like the ZIP codes of the directory.
const CENSUS_DIR = new URL('../../../../db/census/', import.meta.url);

/** The rows of a census CSV file (comma-separated, one header row, no quoted fields) as objects keyed by the header. */
export function readCensusFile(name: 'states.csv' | 'counties.csv' | 'zctas.csv'): Record<string, string>[] {
  const [header, ...lines] = fs.readFileSync(new URL(name, CENSUS_DIR), 'utf8').trimEnd().split('\n');
  const columns = header!.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((value, index) => [columns[index], value])));
}

/**
 * Fills the empty census tables (51 states and DC, 3,143 counties, 33,642 ZIP code tabulation areas) in one
 * transaction, so instances starting together load them once. Does nothing, and returns 0, when they have rows;
 * otherwise returns the number of rows loaded.
 */
export async function ensureCensus(sql: Sql): Promise<number> {
  return sql.begin(async (tx) => {
    await tx`lock table census_states in exclusive mode`;
    const [existing] = await tx`select 1 from census_states limit 1`;
    if (existing) return 0;

    const states = readCensusFile('states.csv');
    const counties = readCensusFile('counties.csv');
    const zctas = readCensusFile('zctas.csv');
    await tx`
      insert into census_states (state_code, state_fips, name, population, is_state)
      select state_code, state_fips, name, population, is_state = '1'
      from jsonb_to_recordset(${tx.json(states)}) as s(state_code text, state_fips text, name text, population integer, is_state text)`;
    await tx`
      insert into census_counties (county_fips, state_code, name, population)
      select county_fips, state_code, name, population
      from jsonb_to_recordset(${tx.json(counties)}) as c(county_fips text, state_code text, name text, population integer)`;
    await tx`
      insert into census_zctas (zcta, county_fips, state_code, population)
      select zcta, county_fips, state_code, population
      from jsonb_to_recordset(${tx.json(zctas)}) as z(zcta text, county_fips text, state_code text, population integer)`;
    return states.length + counties.length + zctas.length;
  });
}

/** The census county a ZIP code's tabulation area lies in; null when the census has no area of that number. */
export async function countyOfZipCode(zip: string, sql: Sql | TransactionSql = db()): Promise<string | null> {
  const [row] = await sql<{ countyFips: string | null }[]>`select county_fips from census_zctas where zcta = ${zip}`;
  return row?.countyFips ?? null;
}
