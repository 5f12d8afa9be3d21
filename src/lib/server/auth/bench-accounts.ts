import type postgres from 'postgres';
import type { Sql } from '#server/platform/db/db.ts';
import type { Role } from './users.ts';

// Accounts for the benchmarks (scripts/bench): thousands in one statement, from rows the bench makes up.

/**
 * Inserts an account of `role` for each of `accounts` (a query of id, email, created_at), with a password hash no
 * password matches, then gives the planner the table's new statistics, as autovacuum would on a running site.
 */
export async function insertBenchAccounts(sql: Sql, accounts: postgres.Fragment, role: Role): Promise<void> {
  await sql`
    insert into users (id, email, password_hash, role, created_at)
    select id, email, '!benchmark-no-login', ${role}, created_at from (${accounts}) as accounts`;
  await sql`analyze users`;
}

/** Marks the account of `email` confirmed, as its confirmation link would. */
export async function confirmBenchAccount(sql: Sql, email: string): Promise<void> {
  await sql`update users set email_confirmed_at = now() where email = ${email}`;
}
