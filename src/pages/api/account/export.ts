import type { APIRoute } from 'astro';
import { exportAccountData } from '#server/app/account-data.ts';
import { requireMember } from '#server/auth/index.ts';
import { jsonText } from '#server/platform/http/endpoint.ts';
import { limit } from '#server/platform/http/rate-limited.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';

export const prerender = false;

/** The signed-in host's or guide's own data, as a JSON file to keep (the privacy policy's "Your data"). */
export const GET: APIRoute = async ({ locals }) => {
  const { user, session } = requireMember(locals);
  await limit(limits.accountExports, user.id, 'You have downloaded your data several times this hour. Please try again later.');

  const data = await exportAccountData(user, session.id);
  const file = `flamekeeper-data-${data.exportedAt.slice(0, 10)}.json`;
  return jsonText(JSON.stringify(data, null, 2), 200, { 'content-disposition': `attachment; filename="${file}"` });
};
