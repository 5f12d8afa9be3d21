// The members domain (issue 40) as routes, pages and the app see it: import it from here, never from its other files.
export {
  type Admission,
  addMember,
  admitJoinedVisitor,
  deleteMemberOfLink,
  findMemberOfLink,
  type JoinedVisitor,
  listMembers,
  type MemberOfLink,
  type MembersClub,
  memberData,
  removeMember,
  resendMemberLink,
} from './members.ts';
export { yourClubPath } from './member-emails.ts';
export {
  type NotMePage,
  openNotMeLink,
  openRsvpLink,
  openStopRemindersLink,
  openYourClubLink,
  type RsvpPage,
  type StopRemindersPage,
  type YourClubPage,
} from './link-pages.ts';
export { memberPlaceDetails, type PlaceDetails } from './member-place.ts';
export { rsvpPath, sessionWhen, unsubscribePath } from './reminder-emails.ts';
export {
  answerRsvp,
  answerRsvpByLink,
  clubRsvps,
  findRsvpOfLink,
  type MemberSession,
  memberSessions,
  notifyMembersOfChange,
  readReminderSettings,
  runReminders,
  type RsvpOfLink,
  type RsvpState,
  saveReminderSettings,
} from './reminders.ts';
export { setMemberReminders, stopRemindersByLink } from './member-clubs-read-model.ts';
