// The tables of clubs, their calendars and the join requests they answer.
// Decision 040: only this storey's SQL names these tables; other domains ask it through its index.ts.
export const ownTables = ['clubs', 'club_session_changes', 'club_calendar_revisions', 'join_requests'] as const;
