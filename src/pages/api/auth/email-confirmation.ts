import type { APIRoute } from 'astro';
import type { ConfirmationPlace } from '#lib/auth/email-status-types.ts';
import { clubProfilePath } from '#lib/clubs/pages.ts';
import { areaSearchPath, confirmationLinkRequestSchema } from '#lib/schemas/licensing.ts';
import { isEmailConfirmed, requireUser, sendConfirmationLink, type User } from '#server/auth/index.ts';
import { wakeWorker } from '#server/app/worker.ts';
import { findClubIdByOwner } from '#server/clubs/index.ts';
import { ConflictError } from '#server/platform/conflict.ts';
import { json, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { limit } from '#server/platform/http/rate-limited.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

/** "Send the link again": a new confirmation link for the signed-in account, back to the page it is asked from. */
export const POST: APIRoute = async ({ request, locals }) => {
  const { user } = requireUser(locals);
  const { from, areaId } = await parseJsonBody(request, confirmationLinkRequestSchema);
  if (await isEmailConfirmed(user.id)) throw new ConflictError('Your email address is already confirmed.');

  await limit(limits.confirmationLinks, user.id, 'We have sent several links already. Please use the latest one, or ask again in an hour.');
  await sendConfirmationLink(user, await returnPath(user, from, areaId), siteOrigin(locals.serverPort));
  wakeWorker();
  return json({ sentTo: user.email }, 202);
};

/** The page the link leads back to, built here, never taken from the client: the host's own club profile, say. */
async function returnPath(user: User, from: ConfirmationPlace, areaId: string | undefined): Promise<string> {
  switch (from) {
    case 'area-search':
      return areaSearchPath(areaId);
    case 'club-profile': {
      const clubId = await findClubIdByOwner(user.id);
      return clubId === null ? '/my-licences' : clubProfilePath(clubId);
    }
    case 'my-licences':
      return '/my-licences';
    case 'account':
      return '/account';
  }
}
