// Zod-free and server-free: the admin pages (on the server) and their islands (in the browser) both import this file.

export type { AuditEntry, ClubQuestion, HostSetCodeRecord as HostSetCode, QuestionStatus } from '#lib/clubs/types.ts';
import type { HostSetCodeRecord } from '#lib/clubs/types.ts';

export type CodeStatus = 'available' | 'redeemed' | 'revoked';

/** Where a code stands: a redeemed code stays redeemed even after its club is deleted. */
export function codeStatus(code: HostSetCodeRecord): CodeStatus {
  if (code.redeemedAt) return 'redeemed';
  if (code.revokedAt) return 'revoked';
  return 'available';
}
