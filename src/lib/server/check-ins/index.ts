// The check-ins domain as the other domains and the app see it: import it from here, never from its other files.
export { applyCheckIns } from './check-in-job.ts';
export {
  answerCheckIn,
  CHECK_IN_LINK_DAYS,
  confirmStillMeeting,
  findCheckIn,
  hasCheckInSince,
  recordEarlierCheckIn,
  type OnClubConfirmed,
  startCheckIn,
} from './check-ins.ts';
