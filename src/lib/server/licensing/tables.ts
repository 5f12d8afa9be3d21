// The tables of licences and their orders.
// Decision 040: only this storey's SQL names these tables; other domains ask it through its index.ts.
export const ownTables = ['licences', 'licence_orders'] as const;
