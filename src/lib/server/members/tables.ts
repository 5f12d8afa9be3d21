// The tables of club members, their links, RSVPs and reminders.
// Decision 040: only this storey's SQL names these tables; other domains ask it through its index.ts.
export const ownTables = ['club_members', 'member_links', 'member_rsvps', 'member_reminders', 'club_rsvp_summaries'] as const;
