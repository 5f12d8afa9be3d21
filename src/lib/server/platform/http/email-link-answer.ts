import type { z } from 'zod';
import type { RateLimit } from '#server/platform/rate-limits/rate-limit.ts';
import { errorResponse, isFormBody, json, parseFormBody, parseJsonBody, tooManyRequests } from './endpoint.ts';
import { pageInLanguageOfReferer } from './request-language.ts';

/** What an email's one-click link carries: its token, and the answer it gives when it offers several. */
interface LinkAnswer {
  token: string;
  answer?: string;
}

/**
 * The confirmation button of an email's one-click link page (/club-check-in, /join-request, /message-replied). Its plain HTML form (no
 * JavaScript needed) is sent back to the page (303), in the language of the page it was posted from when the page has
 * a Spanish twin (docs/decisions/041), which shows how things now stand; a JSON call gets `answered`'s
 * JSON, or the refusal of the outcome's status. Every attempt counts against the client's `limit` but a successful
 * one, so tokens cannot be guessed by brute force.
 */
export async function answerEmailLink<Input extends LinkAnswer, Outcome extends { status: string }>(
  request: Request,
  clientAddress: string,
  link: {
    schema: z.ZodType<Input>;
    limit: RateLimit;
    /** The link's page, e.g. "/club-check-in". */
    page: string;
    apply: (input: Input) => Promise<Outcome>;
    refusals: Record<Exclude<Outcome['status'], 'answered'>, [status: number, message: string]>;
    answered: (outcome: Extract<Outcome, { status: 'answered' }>, input: Input) => unknown;
  },
): Promise<Response> {
  const fromForm = isFormBody(request);
  const input = fromForm ? await parseFormBody(request, link.schema) : await parseJsonBody(request, link.schema);
  const page = pageInLanguageOfReferer(request, link.page);
  const backToPage = (extra: Record<string, string> = {}) =>
    new Response(null, {
      status: 303,
      headers: {
        location: `${page}?${new URLSearchParams({ token: input.token, ...(input.answer && { answer: input.answer }), ...extra })}`,
      },
    });

  const limited = await link.limit.consume(clientAddress);
  if (limited) return fromForm ? backToPage({ limited: 'true' }) : tooManyRequests(limited.retryAfterSeconds);

  const outcome = await link.apply(input);
  if (outcome.status === 'answered') await link.limit.refund(clientAddress);
  if (fromForm) return backToPage();
  if (outcome.status !== 'answered') {
    const [status, message] = link.refusals[outcome.status as Exclude<Outcome['status'], 'answered'>];
    return errorResponse(status, message);
  }
  return json(link.answered(outcome as Extract<Outcome, { status: 'answered' }>, input));
}
