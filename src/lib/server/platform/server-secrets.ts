import { randomBytes } from 'node:crypto';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';

const loaded = new Map<string, Promise<Buffer>>();

/**
 * The server's secret `name`: `configured` (from the environment) when set; else 32 random bytes that the first
 * instance to ask makes and keeps in `server_secrets`, so that every instance signs and checks with one key, across
 * restarts, without anyone choosing it.
 */
export function serverSecret(name: string, configured: string | undefined, sql?: Sql | TransactionSql): Promise<Buffer> {
  if (configured) return Promise.resolve(Buffer.from(configured, 'utf8'));
  let secret = loaded.get(name);
  // Asked inside a transaction (an email signed with the event that queues it) before this process has the key: read
  // through it, since on the embedded database (one connection) the pool would wait on that very transaction. Not
  // kept: a key made there is only real once the transaction commits.
  if (!secret && sql) return readOrMakeSecret(name, sql);
  if (!secret) {
    secret = readOrMakeSecret(name);
    loaded.set(name, secret);
    // A read that failed (the database was down) is tried again by the next caller.
    secret.catch(() => loaded.delete(name));
  }
  return secret;
}

async function readOrMakeSecret(name: string, sql: Sql | TransactionSql = db()): Promise<Buffer> {
  // Two statements: the second reads the key of whichever instance inserted first.
  await sql`insert into server_secrets (name, secret) values (${name}, ${randomBytes(32)}) on conflict (name) do nothing`;
  const [row] = await sql<{ secret: Buffer }[]>`select secret from server_secrets where name = ${name}`;
  return row!.secret;
}
