// Members of a club (issue 40), as the host's Members card, the "Your club" page and the public count share them.

/** The most members a club may have: the host's adds and the joined requests beyond it are refused. */
export const MAX_MEMBERS_PER_CLUB = 200;

/** The public count ("12 members") is shown from this many members: fewer could point at people. */
export const MEMBER_COUNT_SHOWN_FROM = 3;

/** The message of an add beyond MAX_MEMBERS_PER_CLUB. */
export const MEMBERS_FULL = `A club can have at most ${MAX_MEMBERS_PER_CLUB} members. Remove someone who no longer comes before adding another.`;

/** The message of an add of someone who is a member already (the same mailbox, however spelt). */
export const ALREADY_MEMBER = 'This person is already a member of your club.';

/** How someone became a member: their join request was marked "They've joined", or the host added them. */
export type MemberSource = 'join-request' | 'host';

/** A member as the club's host and the admin see them on the Members card. */
export interface Member {
  id: number;
  name: string;
  email: string;
  source: MemberSource;
  /** ISO instant: member since. */
  createdAt: string;
}

export interface MemberList {
  members: Member[];
  max: number;
}

export const memberCountText = (count: number) => `${count} members`;

/** The answer to "Email me my link", the same whether or not the address is a member's. */
export const LINK_RESENT = 'If this address belongs to a member of this club, we have emailed it their "Your club" link.';
