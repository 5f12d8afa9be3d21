import { DEFAULT_REMINDER_SETTINGS, type ReminderSettings } from '#lib/members/reminders.ts';
import { db, type TransactionSql } from '#server/platform/db/db.ts';

// What the members domain keeps on the club row (decision 040): its count of members, which the directory's public
// columns read, and the host's reminder settings.

/** Sets the club's count of members, in the transaction that added or deleted one (the members domain counts them). */
export async function setClubMemberCount(tx: TransactionSql, clubId: number, count: number): Promise<void> {
  await tx`update clubs set member_count = ${count} where id = ${clubId}`;
}

/** The club's reminder settings (the defaults for no such club). */
export async function findClubReminderSettings(clubId: number): Promise<ReminderSettings> {
  const [row] = await db()<ReminderSettings[]>`select reminder_lead, rsvp_summary from clubs where id = ${clubId}`;
  return row ?? DEFAULT_REMINDER_SETTINGS;
}

/** Saves the host's reminder settings on the club. */
export async function setClubReminderSettings(clubId: number, settings: ReminderSettings): Promise<void> {
  await db()`
    update clubs set reminder_lead = ${settings.reminderLead}, rsvp_summary = ${settings.rsvpSummary} where id = ${clubId}`;
}

/**
 * One-click unsubscribe (RFC 8058) of the host's morning summary: the club's summary is turned off (the Reminders card
 * turns it back on). False for an unknown club.
 */
export async function stopRsvpSummary(clubId: number): Promise<boolean> {
  const updated = await db()`update clubs set rsvp_summary = false where id = ${clubId}`;
  return updated.count > 0;
}
