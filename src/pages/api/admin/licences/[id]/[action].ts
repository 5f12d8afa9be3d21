import type { APIRoute } from 'astro';
import { requireAdmin } from '#server/auth/authorize.ts';
import { json, notFound } from '#server/platform/http/endpoint.ts';
import { requireId } from '#server/platform/http/params.ts';
import { wakeWorker } from '#server/app/worker.ts';
import { endLicenceAsAdmin, markOrderPaid } from '#server/licensing/index.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

const ACTIONS = ['mark-paid', 'revoke', 'release'] as const;

/** The admin records a payment, revokes a licence or releases a reservation; an unknown action is a 404 for everyone. */
export const POST: APIRoute = async ({ params, locals }) => {
  const action = ACTIONS.find((name) => name === params.action);
  if (!action) return notFound();
  const admin = requireAdmin(locals);
  const id = requireId(params.id, 'Licence not found.');

  const origin = siteOrigin(locals.serverPort);
  const licence = action === 'mark-paid' ? await markOrderPaid(id, admin, origin) : await endLicenceAsAdmin(id, admin, action, origin);
  wakeWorker();
  return licence ? json(licence) : notFound('Licence not found.');
};
