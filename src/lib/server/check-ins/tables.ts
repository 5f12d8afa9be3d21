// The table of the hosts' 90-day check-ins.
// Decision 040: only this storey's SQL names these tables; other domains ask it through its index.ts.
export const ownTables = ['club_check_ins'] as const;
