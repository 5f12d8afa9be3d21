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
  languageOfLink,
  listAlertsOfAddress,
  resolveAlertPlace,
  unsubscribeAlert,
} from './alerts.ts';
export { alertPhrases, alertsPagePath } from './alert-emails.ts';
export { type AlertMailbox, type AlertsPage, openAlertsLink, openConfirmLink, openKeepLink } from './link-pages.ts';
export { alertsAroundQuery, alertsDigestHeadline, runAlerts } from './alert-job.ts';
export { createGuideAlert } from './watch-alerts-read-model.ts';
export { insertBenchAlerts } from './bench-alerts.ts';
