import type { ClubRecord, MembershipType } from '#lib/club-types.ts';
import type { ClubProfile, Registration } from '#lib/schemas/clubs.ts';
import { clubSnapshot, recordAudit } from '#server/audit.ts';
import { db, type Sql, type TransactionSql } from '#server/db/db.ts';
import { enqueueEmail } from '#server/jobs/outbox.ts';
import type { Mail } from '#server/email/mailer.ts';
import type { User } from '#server/auth/users.ts';

/** A club as the server holds it: the record its host and the admin see, plus its owner. */
export interface Club extends ClubRecord {
  ownerId: string;
  isLifetime: boolean;
}

interface ClubRow {
  id: number;
  owner_id: string;
  host_name: string;
  email: string;
  club_name: string;
  city: string;
  state: string;
  zip_code: string;
  description: string | null;
  website: string | null;
  meeting_schedule: string | null;
  is_verified: boolean;
  membership_type: MembershipType;
  renewal_date: Date | null;
  host_set_code: string;
  created_at: Date;
}

export const toClub = (row: ClubRow): Club => ({
  id: row.id,
  ownerId: row.owner_id,
  hostName: row.host_name,
  email: row.email,
  clubName: row.club_name,
  city: row.city,
  state: row.state,
  zipCode: row.zip_code,
  description: row.description,
  website: row.website,
  meetingSchedule: row.meeting_schedule,
  isVerified: row.is_verified,
  membershipType: row.membership_type,
  isLifetime: row.membership_type === 'lifetime',
  renewalDate: row.renewal_date ? row.renewal_date.toISOString().slice(0, 10) : null,
  hostSetCode: row.host_set_code,
  createdAt: row.created_at.toISOString(),
});

/** Registration refused because of the database's state: the code is spent or the email is taken. */
export class RegistrationConflict extends Error {
  readonly field: 'hostSetCode' | 'email';
  constructor(field: 'hostSetCode' | 'email', message: string) {
    super(message);
    this.field = field;
  }
}

/**
 * Registers a club in one transaction: redeems the code (one conditional UPDATE, so of many concurrent attempts
 * exactly one wins), creates the host's account and the pending club with the lifetime membership the HOST SET
 * includes, and queues the host's `welcome` email in the outbox. Throws RegistrationConflict, having written nothing,
 * for an unavailable code or a taken email.
 */
export async function registerClub(input: Registration, passwordHash: string, welcome: Mail): Promise<{ clubId: number; userId: string }> {
  try {
    return await db().begin(async (tx: TransactionSql) => {
      const [code] = await tx`
        update host_set_codes set redeemed_at = now()
        where code = ${input.hostSetCode} and redeemed_at is null and revoked_at is null
        returning code`;
      if (!code) throw new RegistrationConflict('hostSetCode', 'This HOST SET code is not valid or has already been used.');

      const [user] = await tx<{ id: string }[]>`
        insert into users (email, password_hash, role) values (${input.email}, ${passwordHash}, 'host')
        returning id`;
      const [club] = await tx<{ id: number }[]>`
        insert into clubs (owner_id, host_name, email, club_name, city, state, zip_code, description, website,
          meeting_schedule, membership_type, host_set_code)
        values (${user!.id}, ${input.hostName}, ${input.email}, ${input.clubName}, ${input.city}, ${input.state},
          ${input.zipCode}, ${input.description}, ${input.website}, ${input.meetingSchedule}, 'lifetime', ${input.hostSetCode})
        returning id`;
      await enqueueEmail(tx, welcome);
      return { clubId: club!.id, userId: user!.id };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) {
      throw new RegistrationConflict('email', 'An account with this email already exists. Sign in instead.');
    }
    throw error;
  }
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505' && 'constraint_name' in error && error.constraint_name === constraint;
}

/** The club, when `viewer` may see its private fields: its own host, or the admin. Null otherwise or when absent. */
export async function findClubForViewer(id: number, viewer: User | null): Promise<Club | null> {
  if (!viewer) return null;
  const [row] = await db()<ClubRow[]>`select * from clubs where id = ${id}`;
  if (!row) return null;
  return viewer.role === 'admin' || row.owner_id === viewer.id ? toClub(row) : null;
}

/** The id of the club a host owns, or null. */
export async function findClubIdByOwner(userId: string): Promise<number | null> {
  const [row] = await db()<{ id: number }[]>`select id from clubs where owner_id = ${userId}`;
  return row?.id ?? null;
}

/**
 * Applies an admin change to a club in one transaction, locking the row, and writes the audit row with the club
 * before and after. Returns the updated club, or null when there is no such club.
 */
export async function changeClubAsAdmin(
  id: number,
  actor: User,
  action: string,
  apply: (tx: TransactionSql, before: Club) => Promise<unknown>,
): Promise<Club | null> {
  return db().begin(async (tx) => {
    const [beforeRow] = await tx<ClubRow[]>`select * from clubs where id = ${id} for update`;
    if (!beforeRow) return null;
    const before = toClub(beforeRow);
    await apply(tx, before);
    const [afterRow] = await tx<ClubRow[]>`select * from clubs where id = ${id}`;
    const after = toClub(afterRow!);
    await recordAudit(tx, { actor, action, clubId: id, subject: after.clubName, before: clubSnapshot(before), after: clubSnapshot(after) });
    return after;
  });
}

/** Saves a profile edit and returns the updated club; an edit by the admin is written to the audit log with it. */
export async function updateClubProfile(id: number, profile: ClubProfile, actor: User): Promise<Club | null> {
  const update = (sql: Sql | TransactionSql) => sql<ClubRow[]>`
    update clubs set
      host_name = ${profile.hostName}, club_name = ${profile.clubName}, city = ${profile.city}, state = ${profile.state},
      zip_code = ${profile.zipCode}, description = ${profile.description}, website = ${profile.website},
      meeting_schedule = ${profile.meetingSchedule}, updated_at = now()
    where id = ${id}
    returning *`;
  // Same shape as the admin screen's edit, so the club's history reads the same whichever page the admin used.
  if (actor.role === 'admin') return changeClubAsAdmin(id, actor, 'club.edit', (tx) => update(tx));
  const [row] = await update(db());
  return row ? toClub(row) : null;
}
