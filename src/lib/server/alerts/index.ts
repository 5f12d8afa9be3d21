// The alerts domain (issue 39) as routes, pages and the app see it: import it from here, never from its other files.
export {
  type AlertCreation,
  type AlertLinkOutcome,
  type AlertPlace,
  confirmAlert,
  createAlert,
  createClubAlert,
  deleteAlerts,
  deleteAlertsOfAddress,
  findAlertsOfLink,
  keepAlert,
  listAlertsOfAddress,
  resolveAlertPlace,
  unsubscribeAlert,
} from './alerts.ts';
export { alertsPagePath } from './alert-emails.ts';
export { alertsAroundQuery, alertsDigestHeadline, runAlerts } from './alert-job.ts';
export { createGuideAlert } from './watch-alerts-read-model.ts';
export { insertBenchAlerts } from './bench-alerts.ts';
