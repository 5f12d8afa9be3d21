// The admin's Unanswered queue (issue 28): relayed messages still open a day after their recipient's reminder.

export const UNANSWERED_KINDS = ['guide-message', 'join-request'] as const;
export type UnansweredKind = (typeof UNANSWERED_KINDS)[number];

export const UNANSWERED_KIND_LABELS: Record<UnansweredKind, string> = {
  'guide-message': 'Message to a guide',
  'join-request': 'Request to join a club',
};

/** The club profile's Join requests card, where a club's requests are answered. */
export const joinRequestsPath = (clubId: number): string => `/club-profile/${clubId}#join-requests`;

/**
 * Who the message waits on: a guide (their public page) or a club (its page, its admin editor and its Join requests
 * card, where the request itself is).
 */
export type UnansweredRecipient =
  | { kind: 'guide'; name: string; pagePath: string }
  | { kind: 'club'; name: string; pagePath: string; adminPath: string; requestsPath: string };

export interface UnansweredMessage {
  kind: UnansweredKind;
  id: number;
  /** The visitor's details: null once deleted (an open message keeps them, so only in a race with the deletion job). */
  visitor: { name: string; email: string; phone: string | null } | null;
  message: string | null;
  recipient: UnansweredRecipient;
  createdAt: string;
  remindedAt: string;
  escalatedAt: string;
}
