import type postgres from 'postgres';
import type { Club } from '#lib/clubs/types.ts';
import { clubProfilePath } from '#lib/clubs/pages.ts';
import { meetingFilterBits, type MeetingField, type MeetingSlot } from '#lib/clubs/meetings/types.ts';
import type { PublicClub } from '#lib/directory/types.ts';
import { MEMBER_COUNT_SHOWN_FROM } from '#lib/members/types.ts';
import type { ClubProfile, Registration } from '#lib/schemas/clubs.ts';
import { recordAudit } from '#server/platform/audit.ts';
import { ConflictError, isUniqueViolation } from '#server/platform/conflict.ts';
import { columnOf, fieldOf, selectList, type ColumnOf, type RowOf } from '#server/platform/db/columns.ts';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';
import type { Mail } from '#server/platform/email/mailer.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { notifyAdmins } from '#server/notifications/index.ts';
import { createAccount, identifierKey, isEmailTaken, queueConfirmationLink } from '#server/auth/index.ts';
import { isHostSetCodeAvailable, redeemHostSetCode } from '#server/codes/index.ts';
import type { EmailChange, User } from '#server/auth/index.ts';
import { registrationNotice } from './club-emails.ts';
import { describePlan } from './meeting-plans.ts';
import { withTimeZone } from './time-zone.ts';
import type { Language } from '#lib/shared/languages.ts';

// The club's columns, named here and nowhere else. Queries read each under its field's name
// (`"club_name" as "clubName"`: selectList, which an outer query's publicClubFields relies on), so a row is the club but
// for its dates; writes name each column by its field.

/** What anyone may see of a verified club, in the order of the directory's JSON (the club before its host). */
const PUBLIC_COLUMNS = [
  'id',
  'club_name',
  'host_name',
  'city',
  'state',
  'zip_code',
  'description',
  'website',
  'meeting_schedule',
  'is_verified',
  'created_at',
  'meeting_slots',
  'meeting_frequency',
  'meeting_format',
  'meeting_language',
  'venue_name',
  'venue_address',
  'venue_private',
  'cycle_start',
  'time_zone',
  'confirmed_at',
  'member_count',
] as const satisfies readonly ColumnOf<keyof PublicClub>[];

/**
 * Every field, in the order of the JSON the club's host and the admin are sent (the host before the club). One is
 * computed: is_lifetime, read from membership_type, and never written.
 */
const CLUB_COLUMNS = [
  'id',
  'owner_id',
  'host_name',
  'email',
  'club_name',
  'city',
  'state',
  'zip_code',
  'description',
  'website',
  'meeting_schedule',
  'is_verified',
  'membership_type',
  'is_lifetime',
  'renewal_date',
  'host_set_code',
  'created_at',
  'meeting_slots',
  'meeting_frequency',
  'meeting_format',
  'meeting_language',
  'video_link',
  'dial_in',
  'venue_name',
  'venue_address',
  'venue_private',
  'cycle_start',
  'time_zone',
  'confirmed_at',
  'needs_check_in_since',
  'inactive_since',
] as const satisfies readonly ColumnOf<keyof Club>[];

/** A field's value as postgres.js reads and writes it: dates are Dates. */
type Stored = {
  [Field in keyof Club]: Field extends 'createdAt' | 'renewalDate' | 'cycleStart' | TimestampField
    ? Date | Extract<Club[Field], null>
    : Club[Field];
} & Pick<PublicClub, 'memberCount'>;

/** The timestamps a club's check-ins keep (ISO in the JSON). */
type TimestampField = 'confirmedAt' | 'needsCheckInSince' | 'inactiveSince';

/** A row of `publicClubColumns`. */
export type PublicClubRow = RowOf<typeof PUBLIC_COLUMNS, Stored>;
/** A row of `clubColumns`. */
export type ClubRow = RowOf<typeof CLUB_COLUMNS, Stored>;

/**
 * The condition a club meets to be public: verified, and not inactive (docs/decisions/019). Every public read uses it;
 * the partial indexes on verified clubs still serve it, inactive clubs being few and filtered from their rows.
 */
export const isListed = (sql: Sql | TransactionSql) => sql`is_verified and inactive_since is null`;

/**
 * The public columns as a select list (rows: PublicClubRow). A private meeting place's name and address are read as
 * null, so no public row ever holds them: venuePrivate alone says the place is shared after you ask to join.
 */
export const publicClubColumns = (sql: Sql | TransactionSql) =>
  selectList(sql, PUBLIC_COLUMNS, {
    venue_name: sql`case when venue_private then null else venue_name end`,
    venue_address: sql`case when venue_private then null else venue_address end`,
    // A count of members, never who (issue 40), and only from MEMBER_COUNT_SHOWN_FROM.
    member_count: sql`case when member_count >= ${MEMBER_COUNT_SHOWN_FROM} then member_count end`,
  });

/** The public columns by their fields' names, for a query that reads them from a subquery selecting publicClubColumns. */
export const publicClubFields = (sql: Sql | TransactionSql) => sql(PUBLIC_COLUMNS.map(fieldOf));

/**
 * A row of publicClubColumns as the directory's JSON: field for field what the API answers, every field of the row
 * included (the bench's bare handler uses it too), with the meeting times in words where the host wrote none and the
 * next session.
 */
export function toPublicClub(row: PublicClubRow): PublicClub {
  const cycleStart = dateOnly(row.cycleStart);
  const meetings = describePlan({ ...row, cycleStart }, new Date());
  return {
    ...row,
    meetingSchedule: row.meetingSchedule ?? meetings.text,
    cycleStart,
    isVerified: true,
    nextSession: meetings.next,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt.toISOString(),
  };
}

/** Every field as a select list (rows: ClubRow). */
export const clubColumns = (sql: Sql | TransactionSql) => selectList(sql, CLUB_COLUMNS, { is_lifetime: sql`membership_type = 'lifetime'` });

/** Fields a statement writes: any of the stored ones but the id, which the database assigns, and the computed flag. */
type Writable = Partial<Omit<ClubRow, 'id' | 'isLifetime'>>;

const WRITABLE_COLUMNS: ReadonlySet<string> = new Set(CLUB_COLUMNS.filter((column) => column !== 'id' && column !== 'is_lifetime'));

/** Fields a statement writes as they come from a payload: dates may be YYYY-MM-DD. */
type WritableInput = Omit<Writable, 'cycleStart'> & { cycleStart?: Date | string | null };

/**
 * Club fields as columns and values, for `insert into clubs ${…}` and `update clubs set ${…}`. Writing the meeting
 * times (with their format and language) writes meeting_bits from them.
 */
export function clubValues<Fields extends WritableInput>(
  sql: Sql | TransactionSql,
  fields: Fields & Record<Exclude<keyof Fields, keyof WritableInput>, never>,
) {
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) {
    const column = columnOf(field);
    if (!WRITABLE_COLUMNS.has(column)) throw new TypeError(`Not a column a club's field can write: ${field}`);
    values[column] = field === 'meetingSlots' ? sql.json(value as MeetingSlot[] as unknown as postgres.JSONValue) : value;
  }
  const bitFields = ['meetingSlots', 'meetingFormat', 'meetingLanguage'].filter((field) => field in fields);
  if (bitFields.length > 0 && bitFields.length < 3) {
    throw new TypeError("A club's meeting times, format and language are written together: meeting_bits is made of them");
  }
  if (bitFields.length === 3) {
    const { meetingSlots, meetingFormat, meetingLanguage } = fields as unknown as Pick<
      Club,
      'meetingSlots' | 'meetingFormat' | 'meetingLanguage'
    >;
    values.meeting_bits = meetingFilterBits(meetingSlots, meetingFormat, meetingLanguage);
  }
  return sql(values as Record<string, postgres.ParameterOrJSON<never>>);
}

/** A `date` column's value as YYYY-MM-DD. */
export const dateOnly = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

/** A row as the club its host and the admin see: the row's order is their JSON's. */
export const toClub = (row: ClubRow): Club => ({
  ...row,
  renewalDate: dateOnly(row.renewalDate),
  createdAt: row.createdAt.toISOString(),
  cycleStart: dateOnly(row.cycleStart),
  confirmedAt: row.confirmedAt.toISOString(),
  needsCheckInSince: row.needsCheckInSince?.toISOString() ?? null,
  inactiveSince: row.inactiveSince?.toISOString() ?? null,
});

/** The fields an audit row keeps of a club: all but its owner's id. */
export function clubSnapshot(club: Club): Omit<Club, 'ownerId'> {
  const { ownerId: _, ...fields } = club;
  return fields;
}

type CheckInField = 'confirmedAt' | 'needsCheckInSince' | 'inactiveSince';

/** What a new club is given; the rest takes the table's defaults (pending, created and confirmed now, no meeting times). */
export type NewClub = Omit<ClubRow, 'id' | 'isLifetime' | 'isVerified' | 'renewalDate' | 'createdAt' | MeetingField | CheckInField> &
  Partial<Pick<ClubRow, 'isVerified' | 'renewalDate' | 'createdAt' | CheckInField>> &
  Pick<WritableInput, MeetingField>;

/** Inserts a club (its owner's account and its redeemed code must exist) and returns its id. */
export async function insertClub(sql: Sql | TransactionSql, club: NewClub): Promise<number> {
  const [row] = await sql<{ id: number }[]>`insert into clubs ${clubValues(sql, club)} returning id`;
  return row!.id;
}

const CODE_REFUSED = 'This HOST SET code is not valid or has already been used.';
const EMAIL_TAKEN = 'An account with this email already exists. Sign in instead.';

/**
 * Throws the ConflictError registerClub would throw for this code or email as things stand (the code first), so a
 * registration bound to fail is refused before its password is hashed. registerClub still decides atomically.
 */
export async function checkRegistration(input: Pick<Registration, 'hostSetCode' | 'email'>): Promise<void> {
  const [codeOpen, emailTaken] = await Promise.all([isHostSetCodeAvailable(input.hostSetCode), isEmailTaken(input.email)]);
  if (!codeOpen) throw new ConflictError(CODE_REFUSED, 'hostSetCode');
  if (emailTaken) throw new ConflictError(EMAIL_TAKEN, 'email');
}

/**
 * Registers a club in one transaction: redeems the code (one conditional UPDATE, so of many concurrent attempts
 * exactly one wins), creates the host's account and the pending club with the lifetime membership the HOST SET
 * includes (in `language`, the registration page's), queues the host's `welcome` email and an email confirmation link in the outbox and notifies the admins
 * that it awaits verification (links from `origin`). Throws ConflictError (field hostSetCode or email), having
 * written nothing, for an unavailable code or a taken email.
 */
export async function registerClub(
  input: Registration,
  passwordHash: string,
  welcome: Mail,
  origin: string,
  language: Language,
): Promise<{ clubId: number; userId: string }> {
  const { password: _password, confirmPassword: _confirmPassword, ...club } = input;
  try {
    return await db().begin(async (tx: TransactionSql) => {
      if (!(await redeemHostSetCode(tx, club.hostSetCode))) throw new ConflictError(CODE_REFUSED, 'hostSetCode');

      const userId = await createAccount(tx, identifierKey(club.email), passwordHash, 'host', language);
      const clubId = await insertClub(tx, { ...(await withTimeZone(club, tx)), ownerId: userId, membershipType: 'lifetime' });
      await enqueueEmail(tx, welcome);
      // The club is registered and may be verified meanwhile; the profile says the email is unconfirmed until then.
      await queueConfirmationLink(tx, { id: userId, email: identifierKey(club.email) }, clubProfilePath(clubId), origin);
      await notifyAdmins(tx, registrationNotice({ ...club, id: clubId, email: identifierKey(club.email) }), origin);
      return { clubId, userId };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) {
      throw new ConflictError(EMAIL_TAKEN, 'email');
    }
    throw error;
  }
}

/**
 * After its host's sign-in email has changed (confirmed by the new address), the club's contact email follows it. The
 * two are one address: the profile shows the contact email without a field for it, and the admin's edit writes both,
 * so a copy left behind would keep the club's mail going to an address its host has left, and become the sign-in
 * email again at the admin's next edit.
 */
export async function followHostEmail(tx: TransactionSql, change: EmailChange): Promise<void> {
  await tx`update clubs set email = ${change.to}, updated_at = now() where owner_id = ${change.userId}`;
}

/** The club with this id, or null; `lock` holds its row for the rest of the transaction. */
export async function findClub(sql: Sql | TransactionSql, id: number, { lock = false } = {}): Promise<Club | null> {
  const [row] = await sql<ClubRow[]>`select ${clubColumns(sql)} from clubs where id = ${id} ${lock ? sql`for update` : sql``}`;
  return row ? toClub(row) : null;
}

/** Sets the host's name on the club the account owns, from the account page; nothing for an account without a club. */
export async function setHostName(tx: TransactionSql, ownerId: string, name: string): Promise<void> {
  await tx`update clubs set host_name = ${name}, updated_at = now() where owner_id = ${ownerId}`;
}

/** A listed club's name and where it meets, for an alert on it ('Tell me when this club takes members'); null otherwise. */
export async function findListedClubPlace(id: number): Promise<{
  clubName: string;
  zipCode: string;
  state: string;
  latitude: number | null;
  longitude: number | null;
  accepting: boolean;
} | null> {
  const [club] = await db()<
    { clubName: string; zipCode: string; state: string; latitude: number | null; longitude: number | null; accepting: boolean }[]
  >`
    select club_name, zip_code, state, latitude, longitude, accepting_members as accepting
    from clubs where id = ${id} and is_verified and inactive_since is null`;
  return club ?? null;
}

/** The club, when `viewer` may see its private fields: its own host, or the admin. Null otherwise or when absent. */
export async function findClubForViewer(id: number, viewer: User | null): Promise<Club | null> {
  if (!viewer) return null;
  const club = await findClub(db(), id);
  return club && (viewer.role === 'admin' || club.ownerId === viewer.id) ? club : null;
}

/** The id of the club a host owns, or null. */
export async function findClubIdByOwner(userId: string): Promise<number | null> {
  const [row] = await db()<{ id: number }[]>`select id from clubs where owner_id = ${userId}`;
  return row?.id ?? null;
}

/**
 * Applies an admin change to a club in one transaction, locking the row, and writes the audit row with the club
 * before and after; `changed`, in the same transaction, acts on the difference (the host's email). Returns the
 * updated club, or null when there is no such club.
 */
export async function changeClubAsAdmin(
  id: number,
  actor: User,
  action: string,
  apply: (tx: TransactionSql, before: Club) => Promise<unknown>,
  changed?: (tx: TransactionSql, before: Club, after: Club) => Promise<void>,
): Promise<Club | null> {
  return db().begin(async (tx) => {
    const before = await findClub(tx, id, { lock: true });
    if (!before) return null;
    await apply(tx, before);
    const after = (await findClub(tx, id))!;
    await recordAudit(tx, { actor, action, clubId: id, subject: after.clubName, before: clubSnapshot(before), after: clubSnapshot(after) });
    await changed?.(tx, before, after);
    return after;
  });
}

/** Saves a profile edit and returns the updated club; an edit by the admin is written to the audit log with it. */
export async function updateClubProfile(id: number, edit: ClubProfile, actor: User): Promise<Club | null> {
  const profile = await withTimeZone(edit);
  const update = (sql: Sql | TransactionSql) => sql<ClubRow[]>`
    update clubs set ${clubValues(sql, profile)}, updated_at = now()
    where id = ${id}
    returning ${clubColumns(sql)}`;
  // Same shape as the admin screen's edit, so the club's history reads the same whichever page the admin used.
  if (actor.role === 'admin') return changeClubAsAdmin(id, actor, 'club.edit', (tx) => update(tx));
  const [row] = await update(db());
  return row ? toClub(row) : null;
}

/**
 * Locks the clubs table for the caller's transaction and says whether it has no club: the demo seed fills an empty
 * database only, and two instances seeding at once cannot both see it empty.
 */
export async function lockClubsIfEmpty(tx: TransactionSql): Promise<boolean> {
  await tx`lock table clubs in exclusive mode`;
  const [existing] = await tx`select 1 from clubs limit 1`;
  return !existing;
}
