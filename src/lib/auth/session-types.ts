// The shape of a signed-in session as its user sees it (GET /api/sessions): zod-free and server-free, for the
// islands and the server alike.

/** One of the user's sessions. `id` is opaque (16 hex digits of the stored hash), never the cookie's token. */
export interface SessionSummary {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  /** When it ends unless used again: its idle end, or its absolute end when that comes first. */
  expiresAt: string;
  /** The session making the request. */
  current: boolean;
}
