// The admins' notifications: zod-free and server-free, for the setting's form on /admin-notifications.

export const ADMIN_NOTIFY_MODES = ['each', 'digest', 'none'] as const;
/** How an admin hears of what needs them: an email for each notification, a daily digest, or no email. */
export type AdminNotifyMode = (typeof ADMIN_NOTIFY_MODES)[number];

export const ADMIN_NOTIFICATION_KINDS = [
  'club-registered',
  'question',
  'report',
  'check-in-overdue',
  'licence-reserved',
  'licences-given-up',
  'store-order',
] as const;
export type AdminNotificationKind = (typeof ADMIN_NOTIFICATION_KINDS)[number];

/** One of the admins' notifications, as /admin-notifications lists the latest. */
export interface AdminNotificationEntry {
  id: number;
  kind: AdminNotificationKind;
  summary: string;
  /** The path of the admin page that acts on it. */
  link: string;
  /** ISO timestamp. */
  createdAt: string;
}
