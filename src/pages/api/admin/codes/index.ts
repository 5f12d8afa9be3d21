import type { APIRoute } from 'astro';
import { issueCodesSchema } from '#lib/schemas/admin.ts';
import { requireAdmin } from '#server/auth/authorize.ts';
import { adminIssueHostSetCodes, listHostSetCodes } from '#server/codes/host-set-codes.ts';
import { json, parseJsonBody } from '#server/platform/http/endpoint.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals }) => {
  const auth = requireAdmin(locals.user);
  if ('response' in auth) return auth.response;
  return json(await listHostSetCodes());
};

/** Issues new HOST SET codes with an optional note. */
export const POST: APIRoute = async ({ locals, request }) => {
  const auth = requireAdmin(locals.user);
  if ('response' in auth) return auth.response;
  const parsed = await parseJsonBody(request, issueCodesSchema);
  if (!parsed.ok) return parsed.response;

  const codes = await adminIssueHostSetCodes(parsed.data.count, parsed.data.note, auth.admin);
  return json({ codes }, 201);
};
