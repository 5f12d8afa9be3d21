import type { APIRoute } from 'astro';
import { memberLinkSchema } from '#lib/schemas/members.ts';
import { memberData } from '#server/members/index.ts';
import { json, notFound, parseQuery } from '#server/platform/http/endpoint.ts';

export const prerender = false;

/**
 * A member's data as a JSON download, from their "Your club" page's link (issue 40): their name, address, since when
 * and how they joined, and their club. Nothing of any other member.
 */
export const GET: APIRoute = async ({ url }) => {
  const { token } = parseQuery(url, memberLinkSchema);
  const data = await memberData(token);
  if (!data) return notFound('This link is not valid, or you have left the club.');
  return json(data, 200, {
    'content-disposition': 'attachment; filename="flamekeeper-club-member.json"',
    'cache-control': 'private, no-store',
  });
};
