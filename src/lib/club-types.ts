// The shapes the server sends and the islands show. Zod-free and server-free, so islands can import them and the
// server's repositories return them: one definition for both sides.

export type MembershipType = 'lifetime' | 'yearly' | 'none';

/** A club with its private fields, as its host and the admin see it. Plain data, safe to serialise into props. */
export interface ClubRecord {
  id: number;
  hostName: string;
  email: string;
  clubName: string;
  city: string;
  state: string;
  zipCode: string;
  description: string | null;
  website: string | null;
  meetingSchedule: string | null;
  isVerified: boolean;
  membershipType: MembershipType;
  /** YYYY-MM-DD, for a yearly membership. */
  renewalDate: string | null;
  hostSetCode: string;
  /** ISO timestamp. */
  createdAt: string;
}

/** Only the fields of ClubRecord: the server's club (and its API answers) carry more, such as the owner's id. */
export function clubRecord(club: ClubRecord): ClubRecord {
  return {
    id: club.id,
    hostName: club.hostName,
    email: club.email,
    clubName: club.clubName,
    city: club.city,
    state: club.state,
    zipCode: club.zipCode,
    description: club.description,
    website: club.website,
    meetingSchedule: club.meetingSchedule,
    isVerified: club.isVerified,
    membershipType: club.membershipType,
    renewalDate: club.renewalDate,
    hostSetCode: club.hostSetCode,
    createdAt: club.createdAt,
  };
}

/** A HOST SET code as the admin sees it. */
export interface HostSetCodeRecord {
  code: string;
  note: string | null;
  issuedAt: string;
  redeemedAt: string | null;
  revokedAt: string | null;
  /** The club that redeemed the code, while it exists. */
  club: { id: number; clubName: string } | null;
}

export const QUESTION_STATUSES = ['pending', 'contacted', 'completed'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

/** A visitor question in the admin's queue. */
export interface ClubQuestion {
  id: number;
  name: string;
  email: string;
  question: string;
  status: QuestionStatus;
  /** ISO timestamp. */
  createdAt: string;
}

/** One admin change, as the audit log keeps it. */
export interface AuditEntry {
  id: number;
  actorEmail: string;
  action: string;
  clubId: number | null;
  subject: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
}
