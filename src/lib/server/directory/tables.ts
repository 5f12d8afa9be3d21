// The directory domain owns no table: it reads through the domains that do, or through a named read model.
// Decision 040: only this storey's SQL names these tables; other domains ask it through its index.ts.
export const ownTables = [] as const;
