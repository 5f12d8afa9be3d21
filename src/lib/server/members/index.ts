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
