import { replyLinkSchema } from '#lib/schemas/message-replies.ts';
import { findReplyLink, type ReplyLinkView } from './reply-links.ts';

// What the page of a guide's "I've replied" link shows (/message-replied and its Spanish twin, one MessageRepliedPage
// taking `lang`). Read by the route, which alone can still set the answer's status and headers: a component's are too
// late once the page streams. A GET never marks anything (mail scanners follow links): the page's button does.

export interface ReplyLinkPage {
  /** The link's token, when well formed. */
  token: string | null;
  /** The message the token opens, or null (the page says the link is not valid). */
  link: ReplyLinkView | null;
  /** Sent back by the button once the connection's attempts are used up. */
  limited: boolean;
}

/** The message a link's address opens, as of now; a 404 for a token no message has; never kept by a shared cache. */
export async function openReplyLink(url: URL, response: { status?: number; headers: Headers }): Promise<ReplyLinkPage> {
  const parsed = replyLinkSchema.safeParse({ token: url.searchParams.get('token') });
  const token = parsed.success ? parsed.data.token : null;
  const link = token ? await findReplyLink(token, new Date()) : null;
  response.headers.set('cache-control', 'private, no-store');
  if (!link) response.status = 404;
  return { token, link, limited: url.searchParams.get('limited') === 'true' };
}
