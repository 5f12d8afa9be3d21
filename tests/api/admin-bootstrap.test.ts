import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '#server/platform/env.ts';
import { ensureAdmin } from '#server/auth/admin-bootstrap.ts';
import { createSession } from '#server/auth/sessions.ts';
import { useDatabase } from '#server/platform/db/db.ts';
import { migrate } from '#server/platform/db/migrate.ts';
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
    (await fresh.sql<{ passwordHash: string }[]>`select password_hash from users where email = ${env.ADMIN_EMAIL}`)[0]!.passwordHash;

  it('keeps the admin signed in across starts with the same settings, and ends the sessions when the password changes', async () => {
    await ensureAdmin(fresh.sql, env);
    const [admin] = await fresh.sql<{ id: string }[]>`select id from users where email = ${env.ADMIN_EMAIL} and role = 'admin'`;
    await createSession(admin!.id, null);
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

describe("the admin's password", () => {
  it('needs at least 12 characters and must not be a common password, in ADMIN_PASSWORD and in admin:create', () => {
    expect(() => parseEnv({ ADMIN_PASSWORD: 'eleven char' })).toThrow(/ADMIN_PASSWORD: must be at least 12 characters/);
    expect(() => parseEnv({ ADMIN_PASSWORD: 'Qwerty123456' })).toThrow(/ADMIN_PASSWORD: is too common: choose another/);
    expect(parseEnv({ ADMIN_PASSWORD: 'twelve chars' }).ADMIN_PASSWORD).toBe('twelve chars');

    // The CLI refuses before it opens any database.
    const create = (password: string) =>
      spawnSync(process.execPath, ['scripts/admin-create.ts', '--email', 'owner@example.com', '--password', password], {
        encoding: 'utf8',
        env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      });
    const short = create('eleven char');
    expect(short.status).toBe(2);
    expect(short.stderr).toContain('The admin password must have at least 12 characters.');
    const common = create('123qweasdzxc');
    expect(common.status).toBe(2);
    expect(common.stderr).toContain('The admin password is too common. Please choose another.');
  });
});
