import { MAX_MEMBERS_PER_CLUB, type Member, type MemberList, type MemberSource } from '#lib/members/types.ts';
import type { MeetingFormat, MeetingFrequency, MeetingSlot } from '#lib/clubs/meetings/types.ts';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';
import { mailboxHash } from '#server/platform/email/acknowledgements.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';
import { hashLinkToken, newLinkToken } from '#server/platform/tokens.ts';
import { memberLinkEmail, welcomeEmail, type MemberClub } from './member-emails.ts';
import { findMemberClubRow, findMemberOfLinkRow } from './member-clubs-read-model.ts';
import { setClubMemberCount } from '#server/clubs/index.ts';

// Members of a club (issue 40): a person by name and email, without an account, made a member when the host marks
// their join request "They've joined" or adds them. Everything a member does goes through single-purpose links whose
// tokens only the email holds (their hashes are stored): the "Your club" page, leaving, their data, and "I did not ask
// for this" for a person the host added. A member who leaves or is removed is deleted, links and all.

/** The advisory lock class of one club's members: two adds at once cannot both find room for the 200th. */
const CLUB_LOCK_CLASS = 1_040;

/**
 * What a member link does: open the member's page (and act from it), remove a person who did not ask, answer for one
 * session ("I'll be there", "Can't make it": its `sessionStart`), or stop the member's reminders (migration 045).
 */
export type MemberLinkPurpose = 'club' | 'not-me' | 'coming' | 'not-coming' | 'reminders-off';

/** The club's name, host and address for the emails to its members; null for no such club. */
export async function findMemberClub(sql: Sql | TransactionSql, clubId: number): Promise<MemberClub | null> {
  return findMemberClubRow(sql, clubId);
}

/**
 * Takes the club's members lock for the transaction: every add and delete of a member holds it, so that two adds at
 * once cannot both find room for the 200th, and each recount reads what the one before it committed.
 */
const lockClubMembers = (tx: TransactionSql, clubId: number) => tx`select pg_advisory_xact_lock(${CLUB_LOCK_CLASS}, ${clubId})`;

/**
 * Sets the club's count of members (clubs.member_count, which the directory's public columns read) from its members,
 * in the transaction that added or deleted one.
 */
async function recountMembers(tx: TransactionSql, clubId: number): Promise<void> {
  const [{ count }] = await tx<[{ count: number }]>`select count(*)::int as count from club_members where club_id = ${clubId}`;
  await setClubMemberCount(tx, clubId, count);
}

/**
 * Writes a new link token of `purpose` for the member (an RSVP link's for the session scheduled at `sessionStart`) and
 * returns it: the token goes into one email, its hash stays.
 */
export async function newMemberLink(
  sql: Sql | TransactionSql,
  memberId: number,
  purpose: MemberLinkPurpose,
  sessionStart: string | null = null,
): Promise<string> {
  const token = newLinkToken();
  await sql`
    insert into member_links (token_hash, member_id, purpose, session_start)
    values (${hashLinkToken(token)}, ${memberId}, ${purpose}, ${sessionStart})`;
  return token;
}

type MemberRow = Omit<Member, 'id' | 'createdAt'> & { id: string; createdAt: Date };

const memberColumns = (sql: Sql | TransactionSql) => sql`id, name, email, source, created_at as "createdAt"`;

const toMember = (row: MemberRow): Member => ({ ...row, id: Number(row.id), createdAt: row.createdAt.toISOString() });

/** A person to make a member: their name and address, and how they came. */
export interface NewMember {
  name: string;
  email: string;
  source: MemberSource;
  joinRequestId?: number | null;
}

export type Admission = { status: 'added'; member: Member } | { status: 'already-member' | 'full' | 'unknown-club' };

/**
 * Makes `person` a member of the club, in the caller's transaction, and queues their welcome email (Reply-To the host,
 * with their "Your club" link, and "I did not ask for this" for a person the host added): unless the mailbox is a
 * member already (`already-member`, nothing sent), or the club has MAX_MEMBERS_PER_CLUB members (`full`).
 */
export async function admitMember(tx: TransactionSql, clubId: number, person: NewMember, origin: string, now: Date): Promise<Admission> {
  await lockClubMembers(tx, clubId);
  const club = await findMemberClub(tx, clubId);
  if (!club) return { status: 'unknown-club' };
  const mailbox = mailboxHash(person.email);
  const [counts] = await tx<{ members: number; same: boolean }[]>`
    select count(*)::int as members, coalesce(bool_or(mailbox_hash = ${mailbox}), false) as same
    from club_members where club_id = ${clubId}`;
  if (counts!.same) return { status: 'already-member' };
  if (counts!.members >= MAX_MEMBERS_PER_CLUB) return { status: 'full' };
  const [row] = await tx<MemberRow[]>`
    insert into club_members (club_id, name, email, mailbox_hash, source, join_request_id, created_at)
    values (${clubId}, ${person.name}, ${person.email}, ${mailbox}, ${person.source}, ${person.joinRequestId ?? null}, ${now})
    returning ${memberColumns(tx)}`;
  const member = toMember(row!);
  await recountMembers(tx, clubId);
  const clubToken = await newMemberLink(tx, member.id, 'club');
  const notMeToken = person.source === 'host' ? await newMemberLink(tx, member.id, 'not-me') : null;
  await enqueueEmail(tx, welcomeEmail({ club, member, origin, clubToken, notMeToken }));
  return { status: 'added', member };
}

/** The host adds a person (admitMember, in a transaction of its own). */
export function addMember(clubId: number, person: { name: string; email: string }, origin: string, now: Date): Promise<Admission> {
  return db().begin((tx) => admitMember(tx, clubId, { ...person, source: 'host' }, origin, now));
}

/** A join request just marked "They've joined", as the join requests' answer hands it over in its transaction. */
export interface JoinedVisitor {
  clubId: number;
  requestId: number;
  name: string | null;
  email: string | null;
}

/**
 * Makes the visitor of a request marked "They've joined" a member (admitMember): the caller calls it in the answer's
 * transaction when the request was not joined before, so marking twice makes one member.
 */
export async function admitJoinedVisitor(tx: TransactionSql, visitor: JoinedVisitor, origin: string, now: Date): Promise<Admission> {
  if (!visitor.name || !visitor.email) return { status: 'already-member' };
  return admitMember(
    tx,
    visitor.clubId,
    { name: visitor.name, email: visitor.email, source: 'join-request', joinRequestId: visitor.requestId },
    origin,
    now,
  );
}

/** The club's members for its host and the admin (the caller checks who asks), oldest first. */
export async function listMembers(clubId: number): Promise<MemberList> {
  const sql = db();
  const rows = await sql<MemberRow[]>`
    select ${memberColumns(sql)} from club_members where club_id = ${clubId} order by created_at, id`;
  return { members: rows.map(toMember), max: MAX_MEMBERS_PER_CLUB };
}

/** The host removes a member: deleted with their links. False when the club has no such member. */
export async function removeMember(clubId: number, memberId: number): Promise<boolean> {
  return db().begin(async (tx) => {
    await lockClubMembers(tx, clubId);
    const [row] = await tx`delete from club_members where id = ${memberId} and club_id = ${clubId} returning id`;
    if (row) await recountMembers(tx, clubId);
    return row !== undefined;
  });
}

/** The club as its member's page shows it: the real meeting place, even one the public page keeps private. */
export interface MembersClub {
  id: number;
  clubName: string;
  hostName: string;
  city: string;
  state: string;
  zipCode: string;
  meetingSlots: MeetingSlot[];
  meetingFrequency: MeetingFrequency;
  meetingFormat: MeetingFormat | null;
  venueName: string | null;
  venueAddress: string | null;
  /** The meeting link and dial-in text, for members only: `memberMeetingPlace` (lib/clubs/meetings/place.ts) says them. */
  videoLink: string | null;
  dialIn: string | null;
  /** YYYY-MM-DD. */
  cycleStart: string | null;
  timeZone: string | null;
}

/** What a member link opens: the member and their club (and an RSVP link's session, its scheduled start). */
export interface MemberOfLink {
  token: string;
  member: Member;
  club: MembersClub;
  /** ISO instant; null but for an RSVP link. */
  sessionStart: string | null;
  /** When the member stopped their reminders (one-click unsubscribe); null while they get them. */
  remindersStoppedAt: string | null;
}

/** The member and club of a link of `purpose`; null for a token of the wrong shape, purpose, or no member. */
export async function findMemberOfLink(token: string, purpose: MemberLinkPurpose): Promise<MemberOfLink | null> {
  const sql = db();
  const row = await findMemberOfLinkRow<MemberRow>(sql, hashLinkToken(token), purpose);
  if (!row) return null;
  const { club, sessionStart, remindersStoppedAt, ...member } = row;
  return {
    token,
    member: toMember(member),
    club,
    sessionStart: sessionStart?.toISOString() ?? null,
    remindersStoppedAt: remindersStoppedAt?.toISOString() ?? null,
  };
}

/**
 * Deletes the member of a link of `purpose` (leaving from the "Your club" page, or "I did not ask for this"), links
 * and all; returns the club's name, or null for an unknown link (one already used: the member is gone).
 */
export async function deleteMemberOfLink(token: string, purpose: MemberLinkPurpose): Promise<{ clubName: string } | null> {
  return db().begin(async (tx) => {
    const tokenHash = hashLinkToken(token);
    const [link] = await tx<{ clubId: number }[]>`
      select m.club_id as "clubId" from member_links l join club_members m on m.id = l.member_id
      where l.token_hash = ${tokenHash} and l.purpose = ${purpose}`;
    if (!link) return null;
    await lockClubMembers(tx, link.clubId);
    const [row] = await tx<{ clubId: number; clubName: string }[]>`
      delete from club_members m using member_links l, clubs c
      where l.token_hash = ${tokenHash} and l.purpose = ${purpose} and m.id = l.member_id and c.id = m.club_id
      returning c.id as "clubId", c.club_name as "clubName"`;
    if (!row) return null;
    await recountMembers(tx, row.clubId);
    return { clubName: row.clubName };
  });
}

/** What a member may download about themselves from their page: everything the site keeps of them. */
export async function memberData(token: string): Promise<Record<string, unknown> | null> {
  const found = await findMemberOfLink(token, 'club');
  if (!found) return null;
  const { member, club } = found;
  const rsvps = await db()<{ occurrence: Date; answer: string; answeredAt: Date }[]>`
    select occurrence, answer, answered_at from member_rsvps where member_id = ${member.id} order by occurrence`;
  return {
    member: {
      name: member.name,
      email: member.email,
      memberSince: member.createdAt,
      howYouJoined: member.source === 'host' ? 'Added by the host' : 'Your join request, marked joined by the host',
      sessionReminders: found.remindersStoppedAt ? `Stopped on ${found.remindersStoppedAt}` : 'On',
    },
    club: { id: club.id, name: club.clubName, host: club.hostName },
    // Your answers ("coming", "not-coming") per session, by the session's scheduled start; the host sees them too.
    rsvps: rsvps.map((row) => ({
      session: row.occurrence.toISOString(),
      answer: row.answer,
      answeredAt: row.answeredAt.toISOString(),
    })),
    seenBy: 'Your name and email address are seen by the club’s host and the site’s administrator only.',
  };
}

export type LinkResend = 'sent' | 'not-a-member' | 'address-emailed-enough' | 'unknown-club';

/**
 * "Email me my link" from the club's page: when the address is a member's, a new "Your club" link goes to it (unless
 * the mailbox has had its share for the day). The caller answers the same whatever this returns but `unknown-club`.
 */
export async function resendMemberLink(clubId: number, email: string, origin: string): Promise<LinkResend> {
  return db().begin(async (tx) => {
    const club = await findMemberClub(tx, clubId);
    if (!club) return 'unknown-club';
    const mailbox = mailboxHash(email);
    const [row] = await tx<MemberRow[]>`
      select ${memberColumns(tx)} from club_members where club_id = ${clubId} and mailbox_hash = ${mailbox}`;
    if (!row) return 'not-a-member';
    if (await limits.memberLinksPerAddress.consume(mailbox, tx)) return 'address-emailed-enough';
    const member = toMember(row);
    await enqueueEmail(tx, memberLinkEmail({ club, member, origin, clubToken: await newMemberLink(tx, member.id, 'club') }));
    return 'sent';
  });
}
