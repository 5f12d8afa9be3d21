import type { APIRoute } from 'astro';
import { issueCodesSchema } from '#lib/schemas/admin.ts';
import { requireAdmin } from '#server/auth/index.ts';
import { adminIssueHostSetCodes, listHostSetCodes } from '#server/codes/index.ts';
import { json, parseJsonBody } from '#server/platform/http/endpoint.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals }) => {
  requireAdmin(locals);
  return json(await listHostSetCodes());
};

/** Issues new HOST SET codes with an optional note. */
export const POST: APIRoute = async ({ locals, request }) => {
  const admin = requireAdmin(locals);
  const { count, note } = await parseJsonBody(request, issueCodesSchema);

  const codes = await adminIssueHostSetCodes(count, note, admin);
  return json({ codes }, 201);
};
