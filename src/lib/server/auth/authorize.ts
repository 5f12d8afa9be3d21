import { forbidden, unauthorized } from '#server/platform/http/endpoint.ts';
import type { User } from './users.ts';

/** The signed-in admin, or the response that refuses everyone else: 401 without a session, 403 for a non-admin. */
export function requireAdmin(user: User | null): { admin: User } | { response: Response } {
  if (!user) return { response: unauthorized() };
  if (user.role !== 'admin') return { response: forbidden() };
  return { admin: user };
}
