import { z } from './zod.ts';
import { ADMIN_NOTIFY_MODES } from '#lib/notifications/types.ts';

/** PUT /api/admin/notification-setting, and the setting's form on /admin-notifications. */
export const notifySettingSchema = z.strictObject({
  notify: z.enum(ADMIN_NOTIFY_MODES, { error: 'Choose an email for each notification, a daily digest or no emails' }),
});
export type NotifySetting = z.output<typeof notifySettingSchema>;
