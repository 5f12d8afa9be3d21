import type { APIRoute } from 'astro';
import { reminderSettingsSchema } from '#lib/schemas/reminders.ts';
import { requireUser } from '#server/auth/index.ts';
import { findClubForViewer } from '#server/clubs/index.ts';
import { readReminderSettings, saveReminderSettings } from '#server/members/index.ts';
import { json, notFound, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { requireId } from '#server/platform/http/params.ts';

export const prerender = false;

const NOT_FOUND = 'Club not found.';

/** The club's reminder settings (issue 40): its host and the admin; anyone else 404, as the profile. */
export const GET: APIRoute = async ({ params, locals }) => {
  const { user } = requireUser(locals);
  const club = await findClubForViewer(requireId(params.id, NOT_FOUND), user);
  if (!club) return notFound(NOT_FOUND);
  return json(await readReminderSettings(club.id), 200, { 'cache-control': 'private, no-store' });
};

/**
 * The host's (or the admin's) settings: `{ reminderLead: "day-before" | "two-hours" | "off", rsvpSummary }`, when
 * members are reminded of each session and whether the host gets the morning summary of their answers.
 */
export const PUT: APIRoute = async ({ params, request, locals }) => {
  const { user } = requireUser(locals);
  const club = await findClubForViewer(requireId(params.id, NOT_FOUND), user);
  if (!club) return notFound(NOT_FOUND);
  const settings = await parseJsonBody(request, reminderSettingsSchema);
  return json(await saveReminderSettings(club.id, settings));
};
