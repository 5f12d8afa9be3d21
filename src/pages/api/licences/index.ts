import type { APIRoute } from 'astro';
import { priceArea } from '#lib/licensing/pricing.ts';
import { storePaymentUrl } from '#lib/licensing/store-link.ts';
import { licenceTerms } from '#lib/licensing/terms.ts';
import type { AreaId, MyLicences, Reservation } from '#lib/licensing/types.ts';
import { areaSearchPath, reservationSchema } from '#lib/schemas/licensing.ts';
import { requireConfirmedEmail, requireUser } from '#server/auth/index.ts';
import { errorResponse, json, parseJsonBody, tooManyRequests } from '#server/platform/http/endpoint.ts';
import { findArea, guideView, listGuideLicences, reserveLicence, TOO_MANY_CHANGES, TOO_MANY_FROM_CLIENT } from '#server/licensing/index.ts';
import { ensureGuide, findGuide } from '#server/guides/index.ts';
import { limit } from '#server/platform/http/rate-limited.ts';
import { wakeWorker } from '#server/app/worker.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';
import { loadTiers } from '#server/platform/site-content.ts';

export const prerender = false;

/** The signed-in account's licences and guide record. */
export const GET: APIRoute = async ({ locals }) => {
  const { user } = requireUser(locals);
  const [guide, licences] = await Promise.all([findGuide(user.id), listGuideLicences(user.id)]);
  const body: MyLicences = { guide, licences: licences.map(guideView), store: licenceTerms.store };
  return json(body);
};

/**
 * Reserves a kind of licence on an area for the signed-in account: 201 with the order to pay; 403 until the account's
 * email is confirmed (a link is sent); 409 with why not; 429 over the limits of licence-terms.json. A refused
 * reservation does not count against the limits.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const { user } = requireUser(locals);
  const { areaId, kind } = await parseJsonBody(request, reservationSchema);
  const origin = siteOrigin(locals.serverPort);
  await requireConfirmedEmail(user, areaSearchPath(areaId), origin);

  const area = await findArea(areaId as AreaId);
  if (!area || 'reason' in area) {
    const message = area?.reason ?? 'No ZIP code, county or state has this id.';
    return errorResponse(400, message, { areaId: [message] });
  }
  await limit(limits.licenceChangesByAccount, user.id, TOO_MANY_CHANGES);
  const byClient = await limits.reservationsByClient.consume(locals.clientAddress);
  if (byClient) {
    await limits.licenceChangesByAccount.refund(user.id);
    return tooManyRequests(byClient.retryAfterSeconds, TOO_MANY_FROM_CLIENT);
  }

  const price = priceArea(area, await loadTiers(), licenceTerms.multipliers);
  const reserved = await reserveLicence({ user, area, kind, price }, origin, ensureGuide).catch(async (error: unknown) => {
    await Promise.all([limits.licenceChangesByAccount.refund(user.id), limits.reservationsByClient.refund(locals.clientAddress)]);
    throw error;
  });
  wakeWorker();
  const body: Reservation = {
    licence: guideView(reserved.licence),
    order: reserved.order,
    emailed: reserved.emailed,
    store: { ...licenceTerms.store, href: storePaymentUrl(licenceTerms.store.href, reserved.order.reference, user.email) },
  };
  return json(body, 201);
};
