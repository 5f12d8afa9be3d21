// The questions domain as the other domains and the app see it: import it from here, never from its other files.
export { storeContactRequest } from './contact-requests.ts';
export { listReportsAbout, type ReportAboutClub } from './account-data.ts';
