// The tables of alerts and what each has been told.
// Decision 040: only this storey's SQL names these tables; other domains ask it through its index.ts.
export const ownTables = ['alerts', 'alert_links', 'alert_matches', 'alert_known_clubs', 'alert_known_guides'] as const;
