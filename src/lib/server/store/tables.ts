// The tables of store orders and the webhook events that paid them.
// Decision 040: only this storey's SQL names these tables; other domains ask it through its index.ts.
export const ownTables = ['store_orders', 'store_webhook_events'] as const;
