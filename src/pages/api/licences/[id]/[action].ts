import type { APIRoute } from 'astro';
import { priceArea } from '#lib/licensing/pricing.ts';
import { licenceTerms } from '#lib/licensing/terms.ts';
import { requireOwner, requireUser } from '#server/auth/index.ts';
import { cancelReservation, findArea, findLicence, guideView, renewLicence, TOO_MANY_CHANGES } from '#server/licensing/index.ts';
import { json, notFound } from '#server/platform/http/endpoint.ts';
import { requireId } from '#server/platform/http/params.ts';
import { limit } from '#server/platform/http/rate-limited.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';
import { loadTiers } from '#server/platform/site-content.ts';

export const prerender = false;

const NOT_FOUND = 'Licence not found.';

/**
 * `cancel`: the guide cancels their reservation. `renew`: the guide (or the admin, for any guide) orders the next
 * year at today's price. Another guide's licence is a 404, as an unknown one is.
 */
export const POST: APIRoute = async ({ params, locals }) => {
  if (params.action !== 'cancel' && params.action !== 'renew') return notFound();
  const { user } = requireUser(locals);
  const id = requireId(params.id, NOT_FOUND);

  if (params.action === 'cancel') {
    // Counted with reservations: reserve/cancel cycles are what flooded inboxes.
    await limit(limits.licenceChangesByAccount, user.id, TOO_MANY_CHANGES);
    const cancelled = await cancelReservation(id, user);
    return cancelled ? json(guideView(cancelled)) : notFound(NOT_FOUND);
  }

  const licence = requireOwner(user, await findLicence(id), ({ guide }) => guide?.id ?? null, NOT_FOUND);
  const isAdmin = user.role === 'admin';
  const area = await findArea(licence.area.id);
  // Licensed areas stay licensable: the census tables do not change under a running site.
  if (!area || 'reason' in area) return notFound(NOT_FOUND);
  const price = priceArea(area, await loadTiers(), licenceTerms.multipliers);
  const renewed = await renewLicence(id, price, isAdmin ? { admin: user } : { guideId: user.id });
  if (!renewed) return notFound(NOT_FOUND);
  return json(isAdmin ? renewed : guideView(renewed));
};
