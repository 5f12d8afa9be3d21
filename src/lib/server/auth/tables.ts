// The tables of accounts and sign-in.
// Decision 040: only this storey's SQL names these tables; other domains ask it through its index.ts.
export const ownTables = ['users', 'user_sessions', 'password_reset_tokens', 'email_confirmations'] as const;
