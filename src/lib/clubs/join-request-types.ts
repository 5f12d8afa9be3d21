// Join requests (issue 28): zod-free and server-free, for the club's dialog and page, the host's card, the link's page
// and the schemas.

export const JOIN_REQUEST_STATUSES = ['new', 'replied', 'joined', 'declined'] as const;
/** Where a request stands: new until the host answers it, then the host's latest answer. */
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];

/** The host's answers, any of which may follow another. */
export const JOIN_REQUEST_ANSWERS = ['replied', 'joined', 'declined'] as const;
export type JoinRequestAnswer = (typeof JOIN_REQUEST_ANSWERS)[number];

/** Each answer as the host's email links and the card's buttons name it. */
export const JOIN_REQUEST_ANSWER_LABELS: Readonly<Record<JoinRequestAnswer, string>> = {
  replied: "I've replied",
  joined: "They've joined",
  declined: 'Not a fit',
};

/** Each status as the card shows it. */
export const JOIN_REQUEST_STATUS_LABELS: Readonly<Record<JoinRequestStatus, string>> = {
  new: 'New',
  replied: 'Replied',
  joined: 'Joined',
  declined: 'Not a fit',
};

/** "When would you like to start?" for a club's next new cycle rather than one of its next sessions. */
export const NEXT_CYCLE = 'next-cycle';

/** What the form offers a visitor of one club. */
export interface JoinOptions {
  /** The host's switch: false while the club is "Not taking new members right now". */
  acceptingMembers: boolean;
  /** The club's next sessions, earliest first: each start (ISO) and how it reads in the club's time, as on its page. */
  starts: { startAt: string; label: string }[];
  /** Whether "the next new cycle" is offered: the club has a cycle start, or no sessions to offer. */
  nextCycle: boolean;
}

/** A request as its club's host and the admin see it. */
export interface JoinRequest {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  /** The session the visitor chose (ISO), or null for the next new cycle. */
  startAt: string | null;
  message: string | null;
  status: JoinRequestStatus;
  createdAt: string;
  answeredAt: string | null;
}

/** GET /api/clubs/{id}/join-requests: the club's requests, newest first, how many there are of each status, and the switch. */
export interface JoinRequestList {
  requests: JoinRequest[];
  counts: Record<JoinRequestStatus, number>;
  acceptingMembers: boolean;
}
