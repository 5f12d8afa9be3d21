import type { APIRoute } from 'astro';
import { checkInAnswerSchema } from '#lib/schemas/check-ins.ts';
import { answerCheckIn } from '#server/check-ins/index.ts';
import { closeNotMeetingReports } from '#server/questions/index.ts';
import { answerEmailLink } from '#server/platform/http/email-link-answer.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';
import { wakeWorker } from '#server/app/worker.ts';

export const prerender = false;

/** Answers a check-in with its link's token: the confirmation button of /club-check-in (JSON or its HTML form). */
export const POST: APIRoute = ({ request, locals: { clientAddress, serverPort } }) =>
  answerEmailLink(request, clientAddress, {
    schema: checkInAnswerSchema,
    limit: limits.checkInAnswers,
    page: '/club-check-in',
    async apply({ token, answer }) {
      const outcome = await answerCheckIn(token, answer, new Date(), siteOrigin(serverPort), closeNotMeetingReports);
      // "We have stopped" queued the host's email: the worker sends it now.
      if (outcome.status === 'answered') wakeWorker();
      return outcome;
    },
    refusals: {
      unknown: [404, 'This check-in link is not valid. Use the link in your latest email, or sign in and confirm on your club profile.'],
      'already-answered': [409, 'This check-in has already been answered.'],
      closed: [410, 'This check-in link has expired. Sign in and confirm on your club profile instead.'],
    },
    answered: ({ club }, { answer }) => ({
      answer,
      club: { id: club.id, clubName: club.clubName, confirmedAt: club.confirmedAt, inactiveSince: club.inactiveSince },
    }),
  });
