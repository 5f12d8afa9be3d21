// Session reminders and RSVPs of a club's members (issue 40, decision 035), as the host's profile, the "Your club"
// page and the emails share them. Zod-free and date-library-free: islands import these.

/** When the members are reminded of a session: the day before at 9:00 in the club's time zone, 2 hours before, never. */
export const REMINDER_LEADS = ['day-before', 'two-hours', 'off'] as const;
export type ReminderLead = (typeof REMINDER_LEADS)[number];

/** The host's choices, as the profile's Reminders card offers them. */
export const REMINDER_LEAD_LABELS: Record<ReminderLead, string> = {
  'day-before': 'The day before, at 9:00 AM',
  'two-hours': '2 hours before the session',
  off: 'No reminders',
};

/** The hour of the club's day (its own time zone) the day-before reminder goes at, and the host's summary. */
export const DAY_BEFORE_HOUR = 9;
export const SUMMARY_HOUR = 8;

/** The host's reminder settings, stored on the club. */
export interface ReminderSettings {
  reminderLead: ReminderLead;
  /** The morning summary of who is coming, on the day of each session. */
  rsvpSummary: boolean;
}

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = { reminderLead: 'day-before', rsvpSummary: true };

/** A member's answer for one session. */
export const RSVP_ANSWERS = ['coming', 'not-coming'] as const;
export type RsvpAnswer = (typeof RSVP_ANSWERS)[number];

/** The answer as the member's page and the host's Members card say it. */
export const RSVP_LABELS: Record<RsvpAnswer, string> = { coming: 'Coming', 'not-coming': "Can't make it" };
/** Each answer as the one-click links and buttons that give it say it (the reminder, the "Your club" page). */
export const RSVP_ACTIONS: Record<RsvpAnswer, string> = { coming: "I'll be there", 'not-coming': "Can't make it" };

/** The answers to one session, counted (no names): the host's session list shows them. */
export interface RsvpCounts {
  /** The session's scheduled start (ISO instant). */
  occurrence: string;
  coming: number;
  notComing: number;
  notAnswered: number;
}

/** "6 coming · 2 can't · 4 not answered". */
export const rsvpCountText = ({ coming, notComing, notAnswered }: RsvpCounts) =>
  `${coming} coming · ${notComing} can't · ${notAnswered} not answered`;

/** What the host's profile shows of the answers: counts per upcoming session, and each member's answer to the next. */
export interface ClubRsvps {
  sessions: RsvpCounts[];
  /** The next session held (not cancelled) and each member's answer to it, by member id; null without one. */
  next: { occurrence: string; answers: Record<string, RsvpAnswer> } | null;
}

/**
 * The reminders' one-click unsubscribe (RFC 8058), posted by mail readers without cookies or Origin: the middleware
 * leaves this one path out of its cross-site checks, as it does the alerts' (decision 031).
 */
export const MEMBER_UNSUBSCRIBE_PATH = '/api/members/unsubscribe';
