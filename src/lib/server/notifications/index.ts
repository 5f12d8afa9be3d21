// The notifications domain as the other domains and the app see it: import it from here, never from its other files.
export {
  type AdminNotification,
  findNotifySetting,
  listRecentNotifications,
  notifyAdmins,
  sendDigests,
  setNotifySetting,
  stopAdminEmails,
} from './admin-notifications.ts';
