import type { APIRoute } from 'astro';
import { joinRequestAnswerSchema } from '#lib/schemas/join-requests.ts';
import { answerJoinRequestByLink, type LinkAnswerOutcome } from '#server/clubs/index.ts';
import { errorResponse, isFormBody, json, parseFormBody, parseJsonBody, tooManyRequests } from '#server/platform/http/endpoint.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';

export const prerender = false;

const REFUSED: Record<Exclude<LinkAnswerOutcome['status'], 'answered'>, [status: number, message: string]> = {
  unknown: [404, 'This link is not valid. Use the link in your email, or sign in and answer on your club profile.'],
  'already-answered': [409, 'This request has already been answered with this link.'],
  expired: [410, 'This link has expired. Sign in and answer on your club profile instead.'],
};

/**
 * Answers a join request with its email link's token: the confirmation button of /join-request. Its plain HTML form is
 * sent back to that page (303), which shows how the request now stands; a JSON call gets JSON. Every attempt counts
 * against the client's limit but a successful one, so tokens cannot be guessed by brute force.
 */
export const POST: APIRoute = async ({ request, locals: { clientAddress } }) => {
  const fromForm = isFormBody(request);
  const { token, answer } = fromForm
    ? await parseFormBody(request, joinRequestAnswerSchema)
    : await parseJsonBody(request, joinRequestAnswerSchema);
  const backToPage = (extra: Record<string, string> = {}) =>
    new Response(null, { status: 303, headers: { location: `/join-request?${new URLSearchParams({ token, answer, ...extra })}` } });

  const limited = await limits.joinRequestAnswers.consume(clientAddress);
  if (limited) {
    return fromForm ? backToPage({ limited: 'true' }) : tooManyRequests(limited.retryAfterSeconds);
  }

  const outcome = await answerJoinRequestByLink(token, answer, new Date());
  if (outcome.status === 'answered') await limits.joinRequestAnswers.refund(clientAddress);
  if (fromForm) return backToPage();
  if (outcome.status !== 'answered') return errorResponse(...REFUSED[outcome.status]);
  const { view } = outcome;
  return json({ answer, status: view.status, club: view.club });
};
