import type { Sql, TransactionSql } from '#server/platform/db/db.ts';

/**
 * The name of the account `u` (a query's alias for users): its club's host name or its guide name, whichever it has.
 * Read here, as clubs and licensing build on the auth domain, not it on them; the password policy refuses it.
 */
export const ownerName = (sql: Sql | TransactionSql) =>
  sql`coalesce((select host_name from clubs where owner_id = u.id), (select name from guides where user_id = u.id))`;
