// Joins: members, clubs. A member's page, links and emails read their club's name, host, meeting times and place with
// the member, and the reminder job reads the clubs that have members: one join (or exists) per query is the fast way,
// where asking the clubs domain for each member's club would be a second query per link and per club. It writes only
// members' own rows.
import type { ReminderLead } from '#lib/members/reminders.ts';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';
import { hashLinkToken } from '#server/platform/tokens.ts';
import type { MemberClub } from './member-emails.ts';
import type { MembersClub } from './members.ts';

/** The club's columns as a member's page and emails read them, as one JSON value (its keys written as they are read). */
const membersClubJson = (sql: Sql | TransactionSql) => sql`
  json_build_object(
    'id', c.id, 'clubName', c.club_name, 'hostName', c.host_name, 'city', c.city, 'state', c.state, 'zipCode', c.zip_code,
    'meetingSlots', c.meeting_slots, 'meetingFrequency', c.meeting_frequency, 'meetingFormat', c.meeting_format,
    'venueName', c.venue_name, 'venueAddress', c.venue_address, 'videoLink', c.video_link,
    'dialIn', c.dial_in, 'cycleStart', to_char(c.cycle_start, 'YYYY-MM-DD'), 'timeZone', c.time_zone
  )`;

/** The club's name, host and address for the emails to its members; null for no such club. */
export async function findMemberClubRow(sql: Sql | TransactionSql, clubId: number): Promise<MemberClub | null> {
  const [club] = await sql<MemberClub[]>`
    select id, club_name as "clubName", host_name as "hostName", email as "hostEmail" from clubs where id = ${clubId}`;
  return club ?? null;
}

/** The club as a member's page and emails read it; null for no such club. */
export async function findMembersClub(sql: Sql | TransactionSql, clubId: number): Promise<MembersClub | null> {
  const [row] = await sql<{ club: MembersClub }[]>`select ${membersClubJson(sql)} as club from clubs c where c.id = ${clubId}`;
  return row?.club ?? null;
}

/** The member (a row of club_members) and club of the link whose token hashes to `tokenHash`, for `purpose`. */
export async function findMemberOfLinkRow<MemberRow>(
  sql: Sql,
  tokenHash: string,
  purpose: string,
): Promise<(MemberRow & { club: MembersClub; sessionStart: Date | null; remindersStoppedAt: Date | null }) | null> {
  const [row] = await sql<(MemberRow & { club: MembersClub; sessionStart: Date | null; remindersStoppedAt: Date | null })[]>`
    select m.id, m.name, m.email, m.source, m.created_at as "createdAt", ${membersClubJson(sql)} as club,
      l.session_start, m.reminders_stopped_at
    from member_links l join club_members m on m.id = l.member_id join clubs c on c.id = m.club_id
    where l.token_hash = ${tokenHash} and l.purpose = ${purpose}`;
  return row ?? null;
}

/** The clubs with members, meeting times, and reminders or the summary on; inactive clubs are left alone. */
export async function listRemindingClubRows(
  sql: Sql,
): Promise<{ club: MembersClub; hostEmail: string; reminderLead: ReminderLead; rsvpSummary: boolean }[]> {
  return sql<{ club: MembersClub; hostEmail: string; reminderLead: ReminderLead; rsvpSummary: boolean }[]>`
    select ${membersClubJson(sql)} as club, c.email as host_email, c.reminder_lead, c.rsvp_summary
    from clubs c
    where c.inactive_since is null and c.time_zone is not null and jsonb_array_length(c.meeting_slots) > 0
      and (c.reminder_lead <> 'off' or c.rsvp_summary)
      and exists (select 1 from club_members m where m.club_id = c.id)
    order by c.id`;
}

/**
 * One-click unsubscribe (RFC 8058) of a reminder: the member's reminders stop; they stay a member, and still hear of
 * changes. Returns the club's name (the reminders stopped already, too), or null for an unknown link.
 */
export async function stopRemindersByLink(token: string, now: Date): Promise<{ clubName: string } | null> {
  const [row] = await db()<{ clubName: string }[]>`
    update club_members m set reminders_stopped_at = coalesce(m.reminders_stopped_at, ${now})
    from member_links l, clubs c
    where l.token_hash = ${hashLinkToken(token)} and l.purpose = 'reminders-off' and m.id = l.member_id and c.id = m.club_id
    returning c.club_name`;
  return row ?? null;
}

/** The "Your club" page's switch: the member's reminders on or off. Null for an unknown link. */
export async function setMemberReminders(token: string, on: boolean, now: Date): Promise<{ clubName: string } | null> {
  const [row] = await db()<{ clubName: string }[]>`
    update club_members m set reminders_stopped_at = ${on ? null : now}
    from member_links l, clubs c
    where l.token_hash = ${hashLinkToken(token)} and l.purpose = 'club' and m.id = l.member_id and c.id = m.club_id
    returning c.club_name`;
  return row ?? null;
}
