// The table of HOST SET codes.
// Decision 040: only this storey's SQL names these tables; other domains ask it through its index.ts.
export const ownTables = ['host_set_codes'] as const;
