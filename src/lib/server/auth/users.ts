import type postgres from 'postgres';
import type { Sql, TransactionSql } from '#server/platform/db/db.ts';
import { db } from '#server/platform/db/db.ts';
import type { Language } from '#lib/shared/languages.ts';
import { identifierKey } from './identifiers.ts';
import { hashPassword, verifyPassword } from './password.ts';

/** A host owns a club, a guide only reserves or holds licences (a host may too, keeping the role host). */
export type Role = 'admin' | 'host' | 'guide';

export interface User {
  id: string;
  email: string;
  username: string | null;
  role: Role;
}

/** The account with this email or username (compared by identifierKey), with its password hash, or null. */
export async function findUserForSignIn(emailOrUsername: string, sql: Sql = db()): Promise<(User & { passwordHash: string }) | null> {
  const key = identifierKey(emailOrUsername);
  // Stored emails are in identifierKey's form; lower(email) only matches the unique index (and older rows' ASCII case).
  // The columns are named as the user's fields: a row is the user.
  const [user] = await sql<(User & { passwordHash: string })[]>`
    select id, email, username, role, password_hash from users
    where lower(email) = ${key} or username = ${key}
    order by (lower(email) = ${key}) desc
    limit 1`;
  return user ?? null;
}

/** Whether any admin account exists. */
export async function adminExists(sql: Sql | TransactionSql = db()): Promise<boolean> {
  const [row] = await sql`select exists (select 1 from users where role = 'admin') as exists`;
  return Boolean(row?.exists);
}

/**
 * Creates the admin account, or, when an account with that email or username exists, makes it an admin with the
 * new password. Returns the admin.
 */
export async function upsertAdmin(input: { email: string; username: string | null; password: string }, sql: Sql = db()): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  return sql.begin((tx) => upsertAdminIn(tx, input.email, input.username, passwordHash));
}

/** Whether the admin account `email` exists, named `username`, with this password: nothing for an upsert to change. */
export async function isCurrentAdmin(sql: Sql, email: string, username: string, password: string): Promise<boolean> {
  const [row] = await sql<{ passwordHash: string }[]>`
    select password_hash from users where lower(email) = ${identifierKey(email)} and username = ${username} and role = 'admin'`;
  return row ? verifyPassword(row.passwordHash, password) : false;
}

/** upsertAdmin's work inside the caller's transaction, with the password already hashed. */
export async function upsertAdminIn(tx: TransactionSql, typedEmail: string, username: string | null, passwordHash: string): Promise<User> {
  const email = identifierKey(typedEmail);
  const [existing] = await tx<{ id: string }[]>`
    select id from users
    where lower(email) = ${email} or (${username}::text is not null and username = ${username})
    limit 1`;
  const [user] = existing
    ? await tx<User[]>`
        update users set role = 'admin', password_hash = ${passwordHash}, username = coalesce(${username}, username),
          email_confirmed_at = coalesce(email_confirmed_at, now())
        where id = ${existing.id}
        returning id, email, username, role`
    : await tx<User[]>`
        insert into users (email, username, password_hash, role, email_confirmed_at)
        values (${email}, ${username}, ${passwordHash}, 'admin', now())
        returning id, email, username, role`;
  // A password reset must end every session made with the old one.
  await tx`delete from user_sessions where user_id = ${user!.id}`;
  return user!;
}

/**
 * Locks the account's row for the caller's transaction and returns its email and role, or null when there is none:
 * while it is held, no licence can be reserved for an account that is not yet a guide.
 */
export async function lockAccount(tx: TransactionSql, userId: string): Promise<Pick<User, 'email' | 'role'> | null> {
  const [account] = await tx<Pick<User, 'email' | 'role'>[]>`select email, role from users where id = ${userId} for update`;
  return account ?? null;
}

/**
 * Deletes an account with what is only its own (on delete cascade): sessions, reset and confirmation links, its club,
 * its guide record with its photo and messages. Its licences stay without it (migration 031) once none holds its area:
 * an account holding a licence cannot be deleted.
 */
export async function deleteAccount(tx: TransactionSql, userId: string): Promise<void> {
  await tx`delete from users where id = ${userId}`;
}

/** The account as its own data export gives it: all but the password hash and the admin's notification settings. */
export interface AccountRecord {
  id: string;
  email: string;
  username: string | null;
  role: Role;
  createdAt: Date;
  emailConfirmedAt: Date | null;
  /** Whether a reminder of a join request or a message left unanswered is sent (issue 41 item 17). */
  replyReminders: boolean;
  /** The language of the emails to the account's holder (issue 42). */
  language: Language;
}

export async function findAccountRecord(userId: string, sql: Sql = db()): Promise<AccountRecord | null> {
  const [account] = await sql<AccountRecord[]>`
    select id, email, username, role, created_at, email_confirmed_at, reply_reminders, language
    from users where id = ${userId}`;
  return account ?? null;
}

/**
 * Makes a host whose club is gone a guide, ending its sessions as deleting the account would have: it signs in again
 * as a guide, to the licences it holds.
 */
export async function turnHostIntoGuide(tx: TransactionSql, userId: string): Promise<void> {
  await tx`update users set role = 'guide' where id = ${userId}`;
  await tx`delete from user_sessions where user_id = ${userId}`;
}

/** Whether an account has this email (compared by identifierKey). */
export async function isEmailTaken(email: string, sql: Sql | TransactionSql = db()): Promise<boolean> {
  const [row] = await sql`select 1 from users where lower(email) = ${identifierKey(email)}`;
  return Boolean(row);
}

/**
 * Creates a host's or a guide's account in the caller's transaction (registering its club or guide record) and returns
 * its id; `email` is in identifierKey's form, `language` the page's it was registered on. A taken email throws the
 * unique violation of users_email_key.
 */
export async function createAccount(
  tx: TransactionSql,
  email: string,
  passwordHash: string,
  role: 'host' | 'guide',
  language: Language,
): Promise<string> {
  const [user] = await tx<{ id: string }[]>`
    insert into users (email, password_hash, role, language) values (${email}, ${passwordHash}, ${role}, ${language})
    returning id`;
  return user!.id;
}

/** Sets the language of the emails to the account's holder. */
export async function setAccountLanguage(sql: Sql | TransactionSql, userId: string, language: Language): Promise<void> {
  await sql`update users set language = ${language} where id = ${userId}`;
}

/** The language of the emails to the account's holder: English when there is no such account. */
export async function findAccountLanguage(sql: Sql | TransactionSql, userId: string): Promise<Language> {
  const [row] = await sql<{ language: Language }[]>`select language from users where id = ${userId}`;
  return row?.language ?? 'en';
}

/** Sets the account's sign-in email (in identifierKey's form); a taken one throws the unique violation of users_email_key. */
export async function setAccountEmail(tx: TransactionSql, userId: string, email: string): Promise<void> {
  await tx`update users set email = ${email} where id = ${userId}`;
}

/** The account's email, or null when there is no such account. */
export async function findAccountEmail(sql: Sql | TransactionSql, userId: string): Promise<string | null> {
  const [row] = await sql<{ email: string }[]>`select email from users where id = ${userId}`;
  return row?.email ?? null;
}

/**
 * Deletes, as of `now`, every host's or guide's account (`u`) created `days` or more before whose email was never
 * confirmed and for which `holdsSomething` (a condition on `u`, the app's account-holdings read model) is false. One
 * statement, so two instances running it delete each account once. Returns how many.
 */
export async function deleteUnconfirmedAccounts(
  sql: Sql,
  now: Date,
  days: number,
  holdsSomething: (sql: Sql) => postgres.Fragment,
): Promise<number> {
  const deleted = await sql`
    delete from users u
    where u.role in ('host', 'guide') and u.email_confirmed_at is null
      and u.created_at <= ${now}::timestamptz - make_interval(days => ${days})
      and not (${holdsSomething(sql)})`;
  return deleted.count;
}

/**
 * A demo account (the app's seed), with the times given, or now() for null; `passwordHash` is one nobody can sign in
 * with. Returns its id.
 */
export async function insertDemoAccount(
  tx: TransactionSql,
  account: { email: string; passwordHash: string; role: 'host' | 'guide'; createdAt: Date | null; emailConfirmedAt: Date | null },
): Promise<string> {
  const [user] = await tx<{ id: string }[]>`
    insert into users (email, password_hash, role, created_at, email_confirmed_at)
    values (${account.email}, ${account.passwordHash}, ${account.role}, coalesce(${account.createdAt}::timestamptz, now()),
      coalesce(${account.emailConfirmedAt}::timestamptz, now()))
    returning id`;
  return user!.id;
}

/** The id of the account with exactly this stored email, or null. */
export async function findAccountIdByEmail(sql: Sql | TransactionSql, email: string): Promise<string | null> {
  const [user] = await sql<{ id: string }[]>`select id from users where email = ${email}`;
  return user?.id ?? null;
}
