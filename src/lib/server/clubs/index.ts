// The clubs domain as the other domains and the app see it: import it from here, never from its other files.
export { deleteOwnClub, findOwnClub } from './account-data.ts';
export {
  changeClubAsAdmin,
  clubColumns,
  type ClubRow,
  findClub,
  followHostEmail,
  insertClub,
  isListed,
  type NewClub,
  publicClubColumns,
  publicClubFields,
  type PublicClubRow,
  toClub,
  toPublicClub,
} from './clubs.ts';
export { zipCodeNotInState } from './club-place.ts';
export { withTimeZone } from './time-zone.ts';
export {
  answerJoinRequest,
  answerJoinRequestByLink,
  createJoinRequest,
  findJoinOptions,
  findJoinRequestByToken,
  JOIN_REQUEST_LINK_DAYS,
  listAllJoinRequests,
  listJoinRequests,
  setAcceptingMembers,
} from './join-requests.ts';
