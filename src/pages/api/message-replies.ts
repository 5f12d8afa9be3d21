import type { APIRoute } from 'astro';
import { replyLinkSchema } from '#lib/schemas/message-replies.ts';
import { markRepliedByLink } from '#server/guides/index.ts';
import { answerEmailLink } from '#server/platform/http/email-link-answer.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';

export const prerender = false;

/** A guide's one-click "I've replied", with its link's token: the confirmation button of /message-replied (JSON or its HTML form). */
export const POST: APIRoute = ({ request, locals: { clientAddress } }) =>
  answerEmailLink(request, clientAddress, {
    schema: replyLinkSchema,
    limit: limits.messageReplyAnswers,
    page: '/message-replied',
    apply: async ({ token }) => {
      const outcome = await markRepliedByLink(token, new Date());
      return { status: outcome === 'replied' ? ('answered' as const) : outcome };
    },
    refusals: {
      unknown: [404, 'This link is not valid. Use the link in your latest email, or mark the message on your Messages page.'],
      'already-replied': [409, 'This message is already marked replied.'],
      expired: [410, 'This link has expired. Mark the message on your Messages page instead.'],
    },
    answered: () => ({ replied: true }),
  });
