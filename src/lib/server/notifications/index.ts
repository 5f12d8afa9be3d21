// The notifications domain as the other domains and the app see it: import it from here, never from its other files.
export { type AdminNotification, notifyAdmins, sendDigests } from './admin-notifications.ts';
