import type { APIRoute } from 'astro';
import { reportSchema } from '#lib/schemas/reports.ts';
import { json, notFound, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { limit } from '#server/platform/http/rate-limited.ts';
import { requireId } from '#server/platform/http/params.ts';
import { wakeWorker } from '#server/app/worker.ts';
import { createReport } from '#server/questions/index.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

/** A visitor's "Report a problem" about a listed club: an entry of the admin's queue, and the admins' emails with it. */
export const POST: APIRoute = async ({ params, request, locals: { clientAddress, serverPort } }) => {
  const id = requireId(params.id, 'Club not found.');
  const report = await parseJsonBody(request, reportSchema);

  await limit(limits.clubReports, clientAddress, 'Too many reports. Please try again later.');

  const reportId = await createReport(id, report, clientAddress, siteOrigin(serverPort));
  if (reportId === null) return notFound('Club not found.');
  wakeWorker();
  return json({ success: true, id: reportId }, 201);
};
