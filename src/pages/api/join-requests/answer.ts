import type { APIRoute } from 'astro';
import { joinRequestAnswerSchema } from '#lib/schemas/join-requests.ts';
import { answerJoinRequestByLink } from '#server/clubs/index.ts';
import { answerEmailLink } from '#server/platform/http/email-link-answer.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';
import { admitJoinedVisitor } from '#server/members/index.ts';
import { wakeWorker } from '#server/app/worker.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

/**
 * Answers a join request with its email link's token: the confirmation button of /join-request (JSON or its HTML form).
 * "They've joined" makes the visitor a member and welcomes them (issue 40), once.
 */
export const POST: APIRoute = ({ request, locals: { clientAddress, serverPort } }) =>
  answerEmailLink(request, clientAddress, {
    schema: joinRequestAnswerSchema,
    limit: limits.joinRequestAnswers,
    page: '/join-request',
    apply: async ({ token, answer }) => {
      const now = new Date();
      const outcome = await answerJoinRequestByLink(token, answer, now, (tx, visitor) =>
        admitJoinedVisitor(tx, visitor, siteOrigin(serverPort), now),
      );
      if (outcome.status === 'answered' && answer === 'joined') wakeWorker();
      return outcome;
    },
    refusals: {
      unknown: [404, 'This link is not valid. Use the link in your email, or sign in and answer on your club profile.'],
      'already-answered': [409, 'This request has already been answered.'],
      expired: [410, 'This link has expired. Sign in and answer on your club profile instead.'],
    },
    answered: ({ view }, { answer }) => ({ answer, status: view.status, club: view.club }),
  });
