import type { APIRoute } from 'astro';
import { priceArea } from '#lib/licensing/pricing.ts';
import { licenceTerms } from '#lib/licensing/terms.ts';
import type { AreaId, MyLicences, Reservation } from '#lib/licensing-types.ts';
import { reservationSchema } from '#lib/schemas/licensing.ts';
import { requireUser } from '#server/auth/authorize.ts';
import { errorResponse, json, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { findArea } from '#server/licensing/areas.ts';
import { findGuide } from '#server/licensing/guides.ts';
import { guideView, listGuideLicences, reserveLicence } from '#server/licensing/licences.ts';
import { wakeWorker } from '#server/app/worker.ts';
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

/** Reserves a kind of licence on an area for the signed-in account: 201 with the order to pay, or 409 with why not. */
export const POST: APIRoute = async ({ request, locals }) => {
  const { user } = requireUser(locals);
  const { areaId, kind } = await parseJsonBody(request, reservationSchema);

  const area = await findArea(areaId as AreaId);
  if (!area || 'reason' in area) {
    const message = area?.reason ?? 'No ZIP code, county or state has this id.';
    return errorResponse(400, message, { areaId: [message] });
  }
  const price = priceArea(area, await loadTiers(), licenceTerms.multipliers);
  const { licence, order } = await reserveLicence({ user, area, kind, price }, siteOrigin(locals.serverPort));
  wakeWorker();
  const body: Reservation = { licence: guideView(licence), order, store: licenceTerms.store };
  return json(body, 201);
};
