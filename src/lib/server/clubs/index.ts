// The clubs domain as the other domains and the app see it: import it from here, never from its other files.
export { deleteOwnClub, findOwnClub } from './account-data.ts';
export {
  changeClubAsAdmin,
  checkRegistration,
  clubColumns,
  type ClubRow,
  findClub,
  findClubForViewer,
  findClubIdByOwner,
  findListedClubPlace,
  setHostName,
  followHostEmail,
  insertClub,
  isListed,
  type NewClub,
  publicClubColumns,
  publicClubFields,
  type PublicClubRow,
  registerClub,
  toClub,
  toPublicClub,
  updateClubProfile,
  lockClubsIfEmpty,
} from './clubs.ts';
export { relocateClubs, zipCodeNotInState } from './club-place.ts';
export { timeZoneOfZipCode, withTimeZone } from './time-zone.ts';
export {
  answerJoinRequest,
  answerJoinRequestByLink,
  createJoinRequest,
  findJoinOptions,
  findJoinRequestByToken,
  JOIN_REQUEST_LINK_DAYS,
  listAllJoinRequests,
  listJoinRequests,
  type OnJoined,
  setAcceptingMembers,
} from './join-requests.ts';
export { type JoinRequestLinkPage, openJoinRequestLink } from './join-request-link-page.ts';
export { adminUpdateClub, CLUB_ACTIONS, deleteClub, type IsGuide, setClubVerification } from './admin-clubs.ts';
export { scrubClosedJoinRequests, stampJoinRequestEscalations, stampJoinRequestReminders } from './join-request-follow-ups.ts';
export { listAllClubs } from './admin-clubs-read-model.ts';
export { findClubPage, listClubPages, type ClubPageClub } from './club-pages.ts';
export { registrationEmail } from './club-emails.ts';
export { clubPreviewCard } from './preview-card.ts';
export {
  changeSession,
  type ClubSessionChanges,
  listSessionChanges,
  listUpcomingSessions,
  type SessionChangeEvent,
  type SessionChangeRefusal,
  undoSessionChange,
} from './session-changes.ts';
export {
  confirmClubMeeting,
  flagClubsNeedingCheckIn,
  lockListedClubForReport,
  markClubNeedsCheckIn,
  markClubStopped,
  markUnconfirmedClubsInactive,
} from './listing-states.ts';
export { findClubReminderSettings, setClubMemberCount, setClubReminderSettings, stopRsvpSummary } from './member-settings.ts';
export { countBenchClubs, insertBenchClubs } from './bench-clubs.ts';
