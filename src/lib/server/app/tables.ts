// The app's table: the runs of scheduled jobs, which the worker wires together.
// Decision 040: only this storey's SQL names these tables; other domains ask it through its index.ts.
export const ownTables = ['scheduled_jobs'] as const;
