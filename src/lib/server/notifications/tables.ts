// The table of the admin's notifications.
// Decision 040: only this storey's SQL names these tables; other domains ask it through its index.ts.
export const ownTables = ['admin_notifications'] as const;
