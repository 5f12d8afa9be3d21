import type { APIRoute } from 'astro';
import { checkInAnswerSchema } from '#lib/schemas/check-ins.ts';
import { answerCheckIn, type AnswerOutcome } from '#server/check-ins/check-ins.ts';
import { errorResponse, isFormBody, json, parseFormBody, parseJsonBody, tooManyRequests } from '#server/platform/http/endpoint.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';
import { wakeWorker } from '#server/app/worker.ts';

export const prerender = false;

const REFUSED: Record<Exclude<AnswerOutcome['status'], 'answered'>, [status: number, message: string]> = {
  unknown: [404, 'This check-in link is not valid. Use the link in your latest email, or sign in and confirm on your club profile.'],
  'already-answered': [409, 'This check-in has already been answered.'],
  closed: [410, 'This check-in link has expired. Sign in and confirm on your club profile instead.'],
};

/**
 * Answers a check-in with its link's token: the confirmation button of /club-check-in. Its plain HTML form (no
 * JavaScript needed) is sent back to that page (303), which shows how the check-in now stands; a JSON call gets JSON.
 * Every attempt counts against the client's limit but a successful one, so tokens cannot be guessed by brute force.
 */
export const POST: APIRoute = async ({ request, locals: { clientAddress, serverPort } }) => {
  const fromForm = isFormBody(request);
  const { token, answer } = fromForm
    ? await parseFormBody(request, checkInAnswerSchema)
    : await parseJsonBody(request, checkInAnswerSchema);
  const backToPage = (extra: Record<string, string> = {}) =>
    new Response(null, { status: 303, headers: { location: `/club-check-in?${new URLSearchParams({ token, answer, ...extra })}` } });

  const limited = await limits.checkInAnswers.consume(clientAddress);
  if (limited) {
    return fromForm ? backToPage({ limited: 'true' }) : tooManyRequests(limited.retryAfterSeconds);
  }

  const outcome = await answerCheckIn(token, answer, new Date(), siteOrigin(serverPort));
  if (outcome.status === 'answered') {
    await limits.checkInAnswers.refund(clientAddress);
    wakeWorker();
  }
  if (fromForm) return backToPage();
  if (outcome.status !== 'answered') return errorResponse(...REFUSED[outcome.status]);
  const { club } = outcome;
  return json({ answer, club: { id: club.id, clubName: club.clubName, confirmedAt: club.confirmedAt, inactiveSince: club.inactiveSince } });
};
