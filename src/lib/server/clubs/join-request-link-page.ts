import type { JoinRequestAnswer } from '#lib/clubs/join-request-types.ts';
import { joinRequestAnswerSchema } from '#lib/schemas/join-requests.ts';
import { findJoinRequestByToken, type JoinRequestLinkView } from './join-requests.ts';

// What the page of a join request's email links shows (/join-request and its Spanish twin /es/join-request, one
// JoinRequestPage taking `lang`). Read by the route, which alone can still set the answer's status and headers: a
// component's are too late once the page streams (docs/decisions/041).

export interface JoinRequestLinkPage {
  /** The link's token and the answer it gives, when well formed. */
  chosen: { token: string; answer: JoinRequestAnswer } | null;
  /** The request the token opens, or null (the page says the link is not valid). */
  request: JoinRequestLinkView | null;
  /** Sent back by the button once the connection's attempts are used up. */
  limited: boolean;
}

/**
 * The request a link's address opens, as of now; sets the answer's 404 for a link no request has, and keeps the page
 * out of every shared cache (the address carries the token). Changes nothing: a GET never answers a request.
 */
export async function openJoinRequestLink(url: URL, response: { status?: number; headers: Headers }): Promise<JoinRequestLinkPage> {
  const parsed = joinRequestAnswerSchema.safeParse({ token: url.searchParams.get('token'), answer: url.searchParams.get('answer') });
  const chosen = parsed.success ? parsed.data : null;
  const request = chosen ? await findJoinRequestByToken(chosen.token, new Date()) : null;
  response.headers.set('cache-control', 'private, no-store');
  if (!request) response.status = 404;
  return { chosen, request, limited: url.searchParams.get('limited') === 'true' };
}
