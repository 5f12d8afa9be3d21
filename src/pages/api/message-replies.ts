import type { APIRoute } from 'astro';
import { replyLinkSchema } from '#lib/schemas/message-replies.ts';
import { markRepliedByLink, type ReplyLinkOutcome } from '#server/follow-ups/index.ts';
import { errorResponse, isFormBody, json, parseFormBody, parseJsonBody } from '#server/platform/http/endpoint.ts';

export const prerender = false;

const REFUSED: Record<Exclude<ReplyLinkOutcome, 'replied'>, [status: number, message: string]> = {
  unknown: [404, 'This link is not valid. Use the link in your latest email, or mark the message on your Messages page.'],
  'already-replied': [409, 'This message is already marked replied.'],
  expired: [410, 'This link has expired. Mark the message on your Messages page instead.'],
};

/**
 * A guide's one-click "I've replied", with its link's token: the confirmation button of /message-replied. Its plain
 * HTML form (no JavaScript needed) is sent back to that page (303), which shows how the message now stands; a JSON
 * call gets JSON. No rate limit: the token is 256 random bits, and a wrong one changes nothing.
 */
export const POST: APIRoute = async ({ request }) => {
  const fromForm = isFormBody(request);
  const { token } = fromForm ? await parseFormBody(request, replyLinkSchema) : await parseJsonBody(request, replyLinkSchema);
  const outcome = await markRepliedByLink(token, new Date());
  if (fromForm) return new Response(null, { status: 303, headers: { location: `/message-replied?${new URLSearchParams({ token })}` } });
  if (outcome !== 'replied') return errorResponse(...REFUSED[outcome]);
  return json({ replied: true });
};
