// Every relayed message answered (issue 28, join requests and messages to guides) as the other domains and the app
// see it: import it from here, never from its other files.
export { followUpMessages } from './follow-up-job.ts';
export { clubReplyTime, guideReplyTime } from './reply-times-read-model.ts';
export { closeUnansweredMessage, type FollowedUpOutcome, listUnansweredMessages } from './unanswered-read-model.ts';
