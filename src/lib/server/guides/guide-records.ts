import type { GuideStatus } from '#lib/licensing/types.ts';
import type { GuideRegistration } from '#lib/schemas/licensing.ts';
import { createAccount, findAccountEmail, findOwnerName, identifierKey, isEmailTaken, queueConfirmationLink } from '#server/auth/index.ts';
import type { User } from '#server/auth/index.ts';
import { recordAudit } from '#server/platform/audit.ts';
import { ConflictError, isUniqueViolation } from '#server/platform/conflict.ts';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { isListedGuide } from '#server/licensing/index.ts';
import { certificationEmail } from './guide-emails.ts';
import type { Language } from '#lib/shared/languages.ts';

// The guide record (issue 27): made when an account registers as a guide or first reserves a licence (licensing's
// reserveLicence calls ensureGuide, handed in by its route), and certified by the admin.

const EMAIL_TAKEN = 'An account with this email already exists. Sign in instead.';

/** Throws the ConflictError registerGuide would throw for this email as things stand, before a password is hashed. */
export async function checkGuideEmail(email: string): Promise<void> {
  if (await isEmailTaken(email)) throw new ConflictError(EMAIL_TAKEN, 'email');
}

/**
 * Creates a guide account (in `language`, the registration page's) and its guide record in one transaction, with its email confirmation link back to
 * `confirmation.returnTo`; ConflictError (field email) when the email is taken.
 */
export async function registerGuide(
  input: GuideRegistration,
  passwordHash: string,
  confirmation: { returnTo: string; origin: string },
  language: Language,
): Promise<{ userId: string }> {
  try {
    return await db().begin(async (tx) => {
      const email = identifierKey(input.email);
      const userId = await createAccount(tx, email, passwordHash, 'guide', language);
      await tx`insert into guides (user_id, name, phone) values (${userId}, ${input.name}, ${input.phone})`;
      await queueConfirmationLink(tx, { id: userId, email }, confirmation.returnTo, confirmation.origin);
      return { userId };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw new ConflictError(EMAIL_TAKEN, 'email');
    throw error;
  }
}

/**
 * A guide's status from `guides g`, each column under its field's name and the certification date as YYYY-MM-DD: a row
 * is the GuideStatus but for the account's email, which auth gives (withEmail).
 */
const guideStatusColumns = (sql: Sql | TransactionSql) => sql`g.name, g.phone, to_char(g.certified_on, 'YYYY-MM-DD') as "certifiedOn"`;

/** The guide's status with its account's email. */
const withEmail = async (sql: Sql | TransactionSql, userId: string, guide: Omit<GuideStatus, 'email'>): Promise<GuideStatus> => {
  const { name, phone, certifiedOn } = guide;
  return { name, email: (await findAccountEmail(sql, userId))!, phone, certifiedOn };
};

/**
 * Whether the account is a guide: it has reserved a licence, registered as a guide or been certified. Its licences, their
 * orders and its certification are records that outlive a club (migration 025), so such an account is never deleted
 * with one. Locks the guide record, so that no licence is added to it until the caller's transaction ends.
 */
export async function isGuide(tx: TransactionSql, userId: string): Promise<boolean> {
  const [row] = await tx`select 1 from guides where user_id = ${userId} for update`;
  return Boolean(row);
}

/** The account's guide record, or null when it has never reserved a licence nor registered as a guide. */
export async function findGuide(userId: string): Promise<GuideStatus | null> {
  const sql = db();
  const [guide] = await sql<Omit<GuideStatus, 'email'>[]>`
    select ${guideStatusColumns(sql)} from guides g where g.user_id = ${userId}`;
  return guide ? withEmail(sql, userId, guide) : null;
}

/**
 * The admin sets (a date) or clears (null) a guide's certification; null for an unknown guide. A date that changes
 * emails the guide, saying whether they are now listed on Find a Guide.
 */
export async function setCertification(
  userId: string,
  certifiedOn: string | null,
  admin: User,
  origin: string,
): Promise<GuideStatus | null> {
  return db().begin(async (tx) => {
    const [before] = await tx<Pick<GuideStatus, 'certifiedOn'>[]>`
      select to_char(certified_on, 'YYYY-MM-DD') as "certifiedOn" from guides where user_id = ${userId} for update`;
    if (!before) return null;
    const [updated] = await tx<Omit<GuideStatus, 'email'>[]>`
      update guides g set certified_on = ${certifiedOn}::date
      where g.user_id = ${userId}
      returning ${guideStatusColumns(tx)}`;
    const guide = await withEmail(tx, userId, updated!);
    await recordAudit(tx, {
      actor: admin,
      action: 'guide.certification',
      subject: `Guide ${guide.name} <${guide.email}>`,
      before: { certifiedOn: before.certifiedOn },
      after: { certifiedOn: guide.certifiedOn },
    });
    if (guide.certifiedOn && guide.certifiedOn !== before.certifiedOn) {
      const [{ listed }] = await tx<{ listed: boolean }[]>`select ${isListedGuide(tx)} as listed from guides g where g.user_id = ${userId}`;
      await enqueueEmail(tx, certificationEmail({ ...guide, certifiedOn: guide.certifiedOn }, listed, origin));
    }
    return guide;
  });
}

/** Gives an account without one a guide record, named after its club's host, else its email's local part. */
export async function ensureGuide(tx: TransactionSql, user: Pick<User, 'id' | 'email'>): Promise<void> {
  const fallback = user.email.split('@')[0]!.padEnd(2, '.').slice(0, 100);
  // An account with a guide record keeps it (on conflict); one without takes its club's host name, if it has a club.
  const name = (await findOwnerName(tx, user.id)) ?? fallback;
  await tx`insert into guides (user_id, name) values (${user.id}, ${name}) on conflict (user_id) do nothing`;
}
