// The shapes the server sends and the islands show. Zod-free and server-free, so islands can import them and the
// server's repositories return them: one definition for both sides.

import type { MeetingField, MeetingFormat, MeetingFrequency, MeetingLanguage, MeetingSlot } from '#lib/clubs/meetings/types.ts';
import type { StoreName } from '#lib/store/types.ts';

export type MembershipType = 'lifetime' | 'yearly' | 'none';

/**
 * A club, every field, in the order of the JSON its host and the admin are sent: the one definition the public,
 * profile and admin shapes are cut from. Plain data, safe to serialise into props.
 */
export interface Club {
  id: number;
  /** The host's account. */
  ownerId: string;
  hostName: string;
  email: string;
  clubName: string;
  city: string;
  state: string;
  zipCode: string;
  description: string | null;
  website: string | null;
  /** The host's own words; the public shapes put generated text in its place when it is empty. */
  meetingSchedule: string | null;
  isVerified: boolean;
  membershipType: MembershipType;
  /** Derived: membershipType is 'lifetime'. */
  isLifetime: boolean;
  /** YYYY-MM-DD, for a yearly membership. */
  renewalDate: string | null;
  hostSetCode: string;
  /** ISO timestamp. */
  createdAt: string;
  /** When the club meets: none, one or more weekly slots, each held as often as meetingFrequency says. */
  meetingSlots: MeetingSlot[];
  meetingFrequency: MeetingFrequency;
  meetingFormat: MeetingFormat | null;
  /** The language the club's meetings are held in (issue 42): 'en' for the clubs registered before it was asked. */
  meetingLanguage: MeetingLanguage;
  /** The meeting link of an online or hybrid club (https): shown to its members, its host and the admin only. */
  videoLink: string | null;
  /** Dial-in text beside the link (phone numbers, meeting id, passcode): members, the host and the admin only. */
  dialIn: string | null;
  /** Where an in-person or hybrid club meets: the venue's name ("Twin Oaks Library community room"). */
  venueName: string | null;
  /** The venue's street address ("1800 S 5th St"); the club's city, state and ZIP code complete it. */
  venueAddress: string | null;
  /** The place is shared only with people who ask to join (a private home): its name and address are never published. */
  venuePrivate: boolean;
  /** YYYY-MM-DD: the day the club's current 8-week cycle began or begins; its calendar follows the reading plan from it. */
  cycleStart: string | null;
  /** IANA name; from the ZIP code's coordinates unless the host chose another. */
  timeZone: string | null;
  /** ISO timestamp: when the host last said the club still meets, or its registration. */
  confirmedAt: string;
  /** ISO timestamp: since when it needs a check-in (120 days unconfirmed, or visitors' reports); null when it does not. */
  needsCheckInSince: string | null;
  /** ISO timestamp: since when it is off the public directory (180 days unconfirmed, or "We have stopped"). */
  inactiveSince: string | null;
}

/** The longest reason the admin may give the host when unverifying a club. */
export const MAX_UNVERIFY_REASON_LENGTH = 500;

/**
 * A club with its private fields, as its host's profile and the admin's screens hold it (the one name for it on both):
 * the owner's id and the derived flag stay out.
 */
export type ClubRecord = Omit<Club, 'ownerId' | 'isLifetime'>;

/** A club in the admin's list: with whether its host has confirmed their email, which the club's email is. */
export type AdminClub = Club & { hostEmailConfirmed: boolean };
/** The same as the admin's screen holds it. */
export type AdminClubRecord = ClubRecord & Pick<AdminClub, 'hostEmailConfirmed'>;

/** When and how a club meets: its MEETING_FIELDS. */
export type ClubMeetings = Pick<Club, MeetingField>;

/** Only the fields of ClubRecord, for props and island state: the API's answers carry the whole Club. */
export function clubRecord<T extends ClubRecord>(club: T & Partial<Club>): Omit<T, 'ownerId' | 'isLifetime'> {
  const { ownerId: _owner, isLifetime: _lifetime, ...record } = club;
  return record;
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
  /** The store order the code was issued for; null for a code the admin issued by hand. */
  order: { id: number; store: StoreName; storeOrderId: string } | null;
}

export const QUESTION_STATUSES = ['pending', 'contacted', 'completed'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

/** What a visitor reports of a club ("Report a problem"), in the order the form offers them. */
export const REPORT_REASONS = ['not-meeting', 'wrong-time-or-place', 'host-not-answering', 'something-else'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** How the "Report a problem" form, the admin's queue and the admins' emails name each reason. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  'not-meeting': 'Not meeting any more',
  'wrong-time-or-place': 'Wrong time or place',
  'host-not-answering': 'The host does not answer',
  'something-else': 'Something else',
};

/** Why a report was completed without an admin: the host confirmed the club still meets after it was made. */
export type ReportResolution = 'host-confirmed';

/** How the admin's queue says why a report was completed without them. */
export const REPORT_RESOLUTION_LABELS: Record<ReportResolution, string> = {
  'host-confirmed': 'The host confirmed the club still meets',
};

/** A contact-form question forwarded to the listed guide it named (issue 27): the guide (public id, name) and when. */
export interface QuestionForward {
  guide: { id: number; name: string };
  /** ISO timestamp. */
  at: string;
}

/** An entry of the admin's queue: a visitor's question (from the contact form), or a report of a problem with a club. */
export type ClubQuestion = {
  id: number;
  question: string;
  status: QuestionStatus;
  /** ISO timestamp. */
  createdAt: string;
} & (
  | {
      kind: 'question';
      name: string;
      email: string;
      /** Whom the contact page forwarded it to; null when it waits for the admin alone. */
      forwarded: QuestionForward | null;
    }
  | {
      kind: 'report';
      /** Reports are anonymous. */
      name: null;
      /** For a reply, when the visitor gave one. */
      email: string | null;
      reportReason: ReportReason;
      /** The club reported; null once it is deleted. */
      club: { id: number; clubName: string } | null;
      /** Why it was completed without an admin, when it was; null otherwise. */
      resolution: ReportResolution | null;
    }
);

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
