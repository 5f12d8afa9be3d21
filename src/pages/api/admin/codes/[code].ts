import type { APIRoute } from 'astro';
import { requireAdmin } from '#server/auth/index.ts';
import { normalizeHostSetCode, revokeHostSetCode } from '#server/codes/index.ts';
import { json, notFound } from '#server/platform/http/endpoint.ts';

export const prerender = false;

/** Revokes an unredeemed code; a redeemed one cannot be revoked (409). */
export const DELETE: APIRoute = async ({ params, locals }) => {
  const admin = requireAdmin(locals);
  const code = normalizeHostSetCode(params.code ?? '');
  if (!/^[A-Z0-9-]{4,40}$/.test(code)) return notFound('Code not found.');

  if (!(await revokeHostSetCode(code, admin))) return notFound('Code not found.');
  return json({ success: true });
};
