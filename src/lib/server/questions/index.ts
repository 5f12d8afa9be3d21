// The questions domain as the other domains and the app see it: import it from here, never from its other files.
export { createContactRequest, findStoredContactRequestIds, forwardingGuide, storeContactRequest } from './contact-requests.ts';
export { listReportsAbout, type ReportAboutClub } from './account-data.ts';
export { latestQuestionId, listQuestionsPage, listQuestionsPageParsed, transitionQuestion } from './questions-read-model.ts';
export { closeNotMeetingReports, createReport } from './reports.ts';
export { insertDemoQuestion } from './demo-questions.ts';
export { insertBenchQuestions } from './bench-questions.ts';
