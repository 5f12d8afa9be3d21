import type { APIRoute } from 'astro';
import { emailSettingsSchema } from '#lib/schemas/email-settings.ts';
import { requireMember } from '#server/auth/index.ts';
import { setReplyReminders } from '#server/auth/index.ts';
import { json, notFound, parseJsonBody } from '#server/platform/http/endpoint.ts';

export const prerender = false;

/** The signed-in host's or guide's email settings: `{ replyReminders }`, the reminder of an unanswered message. */
export const PUT: APIRoute = async ({ request, locals }) => {
  const { user } = requireMember(locals);
  const { replyReminders } = await parseJsonBody(request, emailSettingsSchema);
  const saved = await setReplyReminders(user.id, replyReminders);
  return saved === null ? notFound('Account not found.') : json({ replyReminders: saved });
};
