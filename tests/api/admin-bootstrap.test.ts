import { describe, expect, it } from 'vitest';
import { ensureAdmin } from '#server/auth/admin-bootstrap.ts';
import { createSession } from '#server/auth/sessions.ts';
import { useDatabase } from '#server/db/db.ts';
import { migrate } from '#server/db/migrate.ts';
import { verifyPassword } from '#server/auth/password.ts';
import { useFreshDatabase } from '../support/test-database.ts';

describe('the admin from ADMIN_EMAIL and ADMIN_PASSWORD at start-up', () => {
  const fresh = useFreshDatabase(async (sql) => {
    await migrate(sql);
    useDatabase(sql);
  });
  const env = { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'a long admin password 1' };
  const sessionsOfAdmin = async () =>
    (
      await fresh.sql<
        { n: number }[]
      >`select count(*)::int as n from user_sessions s join users u on u.id = s.user_id where u.email = ${env.ADMIN_EMAIL}`
    )[0]!.n;
  const adminHash = async () =>
    (await fresh.sql<{ password_hash: string }[]>`select password_hash from users where email = ${env.ADMIN_EMAIL}`)[0]!.password_hash;

  it('keeps the admin signed in across starts with the same settings, and ends the sessions when the password changes', async () => {
    await ensureAdmin(fresh.sql, env);
    const [admin] = await fresh.sql<{ id: string }[]>`select id from users where email = ${env.ADMIN_EMAIL} and role = 'admin'`;
    await createSession(admin!.id);
    const hash = await adminHash();

    // A restart, or a second instance, with the same settings.
    await ensureAdmin(fresh.sql, env);
    await ensureAdmin(fresh.sql, { ...env, ADMIN_EMAIL: env.ADMIN_EMAIL.toUpperCase() });
    expect(await sessionsOfAdmin()).toBe(1);
    expect(await adminHash()).toBe(hash);

    const changed = { ...env, ADMIN_PASSWORD: 'another long password 2' };
    await ensureAdmin(fresh.sql, changed);
    expect(await sessionsOfAdmin()).toBe(0);
    expect(await verifyPassword(await adminHash(), changed.ADMIN_PASSWORD)).toBe(true);
    expect(await verifyPassword(await adminHash(), env.ADMIN_PASSWORD)).toBe(false);
  });
});
