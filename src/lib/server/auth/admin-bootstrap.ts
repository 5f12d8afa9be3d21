import { randomBytes } from 'node:crypto';
import type { Sql } from '#server/platform/db/db.ts';
import { env as settings, type Env } from '#server/platform/env.ts';
import { hashPassword } from './password.ts';
import { adminExists, isCurrentAdmin, upsertAdminIn } from './users.ts';

export const DEFAULT_ADMIN_USERNAME = 'admin';
const GENERATED_ADMIN_EMAIL = 'admin@flamekeeper.local';
// Any fixed number: instances starting together take turns, so only one of them creates the admin.
const ADMIN_BOOTSTRAP_LOCK = 4_217_004_202;

/**
 * Makes sure an admin exists: from ADMIN_EMAIL and ADMIN_PASSWORD when both are set (creating or updating that
 * account, which ends its sessions; nothing when it already has them), otherwise, on a database with no admin, an `admin` account with a random password. Returns the
 * generated credentials, which the caller shows once, or null.
 */
export async function ensureAdmin(
  sql: Sql,
  env: Pick<Env, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'> = settings(),
): Promise<{ username: string; email: string; password: string } | null> {
  const configured = env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : null;
  // Every start (a restart, a deploy, each of several instances) sees the same settings: writing them again would hash
  // the password anew and so end the admin's sessions each time.
  if (configured && (await isCurrentAdmin(sql, configured.email, DEFAULT_ADMIN_USERNAME, configured.password))) return null;
  const password = configured?.password ?? randomBytes(18).toString('base64url');
  const passwordHash = await hashPassword(password);
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${ADMIN_BOOTSTRAP_LOCK})`;
    if (configured) {
      await upsertAdminIn(tx, configured.email, DEFAULT_ADMIN_USERNAME, passwordHash);
      return null;
    }
    if (await adminExists(tx)) return null;
    await upsertAdminIn(tx, GENERATED_ADMIN_EMAIL, DEFAULT_ADMIN_USERNAME, passwordHash);
    return { username: DEFAULT_ADMIN_USERNAME, email: GENERATED_ADMIN_EMAIL, password };
  });
}
