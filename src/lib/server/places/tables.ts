// The tables of place data: ZIP codes and census populations, loaded at start-up and only read after.
// Decision 040: only this storey's SQL names these tables; other domains ask it through its index.ts.
export const ownTables = ['zip_codes', 'census_zctas', 'census_counties', 'census_states'] as const;
