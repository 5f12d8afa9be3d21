import type { APIRoute } from 'astro';
import { notifySettingSchema } from '#lib/schemas/notifications.ts';
import { requireAdmin } from '#server/auth/index.ts';
import { json, notFound, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { setNotifySetting } from '#server/notifications/index.ts';

export const prerender = false;

/** The signed-in admin chooses how they hear of notifications: `{ notify: 'each' | 'digest' | 'none' }`. */
export const PUT: APIRoute = async ({ request, locals }) => {
  const admin = requireAdmin(locals);
  const { notify } = await parseJsonBody(request, notifySettingSchema);
  const setting = await setNotifySetting(admin.id, notify);
  return setting ? json(setting) : notFound();
};
