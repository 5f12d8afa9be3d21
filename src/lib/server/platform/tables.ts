// The platform's tables: the audit log, the outbox, rate limits, server secrets and the migrations applied.
// Decision 040: only this storey's SQL names these tables; other domains ask it through its index.ts.
export const ownTables = ['audit_log', 'outbox', 'rate_limits', 'server_secrets', 'schema_migrations'] as const;
