import type { GuideStatus } from '#lib/licensing-types.ts';
import type { GuideRegistration } from '#lib/schemas/licensing.ts';
import { identifierKey } from '#server/auth/index.ts';
import type { User } from '#server/auth/index.ts';
import { recordAudit } from '#server/platform/audit.ts';
import { ConflictError, isUniqueViolation } from '#server/platform/conflict.ts';
import { db } from '#server/platform/db/db.ts';

const EMAIL_TAKEN = 'An account with this email already exists. Sign in instead.';

/** Throws the ConflictError registerGuide would throw for this email as things stand, before a password is hashed. */
export async function checkGuideEmail(email: string): Promise<void> {
  const [row] = await db()`select 1 from users where lower(email) = ${identifierKey(email)}`;
  if (row) throw new ConflictError(EMAIL_TAKEN, 'email');
}

/** Creates a guide account and its guide record in one transaction; ConflictError (field email) when the email is taken. */
export async function registerGuide(input: GuideRegistration, passwordHash: string): Promise<{ userId: string }> {
  try {
    return await db().begin(async (tx) => {
      const [user] = await tx<{ id: string }[]>`
        insert into users (email, password_hash, role) values (${identifierKey(input.email)}, ${passwordHash}, 'guide')
        returning id`;
      await tx`insert into guides (user_id, name, phone) values (${user!.id}, ${input.name}, ${input.phone})`;
      return { userId: user!.id };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw new ConflictError(EMAIL_TAKEN, 'email');
    throw error;
  }
}

interface GuideRow {
  name: string;
  email: string;
  phone: string | null;
  certified_on: string | null;
}

const toGuideStatus = (row: GuideRow): GuideStatus => ({
  name: row.name,
  email: row.email,
  phone: row.phone,
  certifiedOn: row.certified_on,
});

/** The account's guide record, or null when it has never reserved a licence nor registered as a guide. */
export async function findGuide(userId: string): Promise<GuideStatus | null> {
  const [row] = await db()<GuideRow[]>`
    select g.name, u.email, g.phone, to_char(g.certified_on, 'YYYY-MM-DD') as certified_on
    from guides g join users u on u.id = g.user_id where g.user_id = ${userId}`;
  return row ? toGuideStatus(row) : null;
}

/** The admin sets (a date) or clears (null) a guide's certification; null for an unknown guide. */
export async function setCertification(userId: string, certifiedOn: string | null, admin: User): Promise<GuideStatus | null> {
  return db().begin(async (tx) => {
    const [before] = await tx<{ certified_on: string | null }[]>`
      select to_char(certified_on, 'YYYY-MM-DD') as certified_on from guides where user_id = ${userId} for update`;
    if (!before) return null;
    const [row] = await tx<GuideRow[]>`
      update guides g set certified_on = ${certifiedOn}::date from users u
      where g.user_id = ${userId} and u.id = g.user_id
      returning g.name, u.email, g.phone, to_char(g.certified_on, 'YYYY-MM-DD') as certified_on`;
    await recordAudit(tx, {
      actor: admin,
      action: 'guide.certification',
      subject: `Guide ${row!.name} <${row!.email}>`,
      before: { certifiedOn: before.certified_on },
      after: { certifiedOn: row!.certified_on },
    });
    return toGuideStatus(row!);
  });
}
