// The tables of the admin's question queue and the contact form.
// Decision 040: only this storey's SQL names these tables; other domains ask it through its index.ts.
export const ownTables = ['club_questions', 'club_question_counts', 'contact_requests'] as const;
