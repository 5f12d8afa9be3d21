import { randomBytes } from 'node:crypto';
import type { Sql } from '#server/platform/db/db.ts';

/**
 * Inserts a listed guide straight into the database: an account that cannot sign in, certified, holding an active
 * shared licence on Vermont. Returns its public id, account id and email.
 */
export async function insertListedGuide(
  sql: Sql,
  name: string,
): Promise<{ publicId: number; userId: string; email: string; name: string }> {
  const email = `listed.${randomBytes(4).toString('hex')}@example.com`;
  return sql.begin(async (tx) => {
    const [user] = await tx<{ id: string }[]>`
      insert into users (email, password_hash, role) values (${email}, 'not-a-real-hash', 'guide') returning id`;
    const [guide] = await tx<{ publicId: number }[]>`
      insert into guides (user_id, name, certified_on) values (${user!.id}, ${name}, '2026-01-15') returning public_id as "publicId"`;
    await tx`
      insert into licences (guide_id, kind, area_kind, state_code, status, starts_at, ends_at)
      values (${user!.id}, 'shared', 'state', 'VT', 'active', now(), now() + interval '1 year')`;
    return { publicId: guide!.publicId, userId: user!.id, email, name };
  });
}
