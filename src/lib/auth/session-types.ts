// The shape of a signed-in session as its user sees it (GET /api/sessions): zod-free and server-free, for the
// islands and the server alike.

/** One of the user's sessions. `id` is opaque (16 hex digits of the stored hash), never the cookie's token. */
export interface SessionSummary {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  /** When it ends unless used again: its idle end, or its absolute end when that comes first. */
  expiresAt: string;
  /** The User-Agent header of the browser it was signed in from, as stored (null before migration 047). */
  userAgent: string | null;
  /** That browser as its user would recognise it, "Chrome 131 on macOS"; null when the header names none. */
  browser: string | null;
  /** The session making the request. */
  current: boolean;
}
