// The tables of guides' profiles, photos and the messages sent to them.
// Decision 040: only this storey's SQL names these tables; other domains ask it through its index.ts.
export const ownTables = ['guides', 'guide_photos', 'guide_messages'] as const;
