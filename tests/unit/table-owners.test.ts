import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { foreignTables, migratedTables, ownershipProblems, readModelFile, tablesInSql, tsFiles } from '../support/table-owners.ts';

// Decision 040: a domain's tables are read and written in that domain, and other domains ask it through its index.ts;
// a join across domains, where it is the fast way, lives in a named read model (`*-read-model.ts`) whose header says
// which domains it joins and why. The declarations are each storey's tables.ts; the SQL is read from the code.
const server = 'src/lib/server';
const storeys = readdirSync(server, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const declared: Record<string, readonly string[]> = {};
for (const storey of storeys) {
  if (!existsSync(path.join(server, storey, 'tables.ts'))) continue;
  const tablesFile = pathToFileURL(path.resolve(server, storey, 'tables.ts')).href;
  declared[storey] = ((await import(/* @vite-ignore */ tablesFile)) as { ownTables: readonly string[] }).ownTables;
}
const tables = migratedTables();
const ownerOf = new Map(Object.entries(declared).flatMap(([storey, owned]) => owned.map((table) => [table, storey] as const)));

/** Each file's foreign tables, for the files that name any. */
function foreignByFile(files: string[]): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const file of files) {
    const foreign = foreignTables(file, readFileSync(file, 'utf8'), tables, ownerOf);
    if (foreign.length > 0) found[file] = foreign;
  }
  return found;
}

describe('each domain owns its tables', () => {
  it('every table the migrations create has exactly one owner, declared in its storey’s tables.ts', () => {
    expect(storeys.filter((storey) => !(storey in declared))).toEqual([]);
    expect(ownershipProblems(tables, declared)).toEqual([]);
  });

  it('a table with no owner, or with two, is refused', () => {
    expect(ownershipProblems(['clubs', 'guides', 'users'], { clubs: ['clubs', 'users'], auth: ['users'] })).toEqual([
      'guides: owned by no domain',
      'users: owned by clubs, auth',
    ]);
  });

  it('a file’s SQL names only its own domain’s tables, outside a read model', () => {
    expect(foreignByFile(tsFiles(server, 'scripts'))).toEqual({});
  });

  it('a planted query on another domain’s table is refused, in any SQL a file holds', () => {
    const planted = [
      'import { db } from "#server/platform/db/db.ts";',
      'const owner = (id: number) => db()`select u.email from clubs c join users u on u.id = c.owner_id where c.id = ${id}`;',
      'const mark = (tx: never) => tx`update guides set hidden = true`;',
      '// a comment saying "from licences" is not SQL',
      'const words = "insert into alerts";',
    ].join('\n');
    expect(foreignTables('src/lib/server/clubs/planted.ts', planted, tables, ownerOf)).toEqual(['guides', 'users']);
    expect(foreignTables('src/lib/server/auth/planted.ts', planted, tables, ownerOf)).toEqual(['clubs', 'guides']);
    // A script speaks for no domain: any table its SQL names is refused, whatever its comments say.
    const script = '// Tables of: clubs\n' + planted;
    expect(foreignTables('scripts/bench/planted.ts', script, tables, ownerOf)).toEqual(['clubs', 'guides', 'users']);
    expect(tablesInSql('planted.ts', 'sql.unsafe(`delete from outbox`)', tables)).toEqual(['outbox']);
    // A from clause that lists its tables with commas (members' reminders once hid a clubs read that way).
    const commaJoin = 'const q = (sql: never) => sql`update club_members m set x = 1 from member_links l, clubs c where true`;';
    expect(tablesInSql('planted.ts', commaJoin, tables)).toEqual(['club_members', 'clubs', 'member_links']);
  });

  it('a read model may read the tables of the domains its header names, and says why, but writes only its own', () => {
    const query = 'const q = (sql: never) => sql`select * from clubs join guides on true join licences on true`;';
    const header = '// Joins: clubs, guides. One join is the fast way: a list asked of each domain would be N+1 queries.\n';
    expect(readModelFile.test('src/lib/server/directory/search-read-model.ts')).toBe(true);
    expect(foreignTables('src/lib/server/directory/search-read-model.ts', header + query, tables, ownerOf)).toEqual(['licences']);
    expect(foreignTables('src/lib/server/directory/search.ts', header + query, tables, ownerOf)).toEqual(['clubs', 'guides', 'licences']);
    const writer = 'const w = (sql: never) => sql`update guides set name = 1; insert into alert_known_clubs select id from clubs`;';
    expect(foreignTables('src/lib/server/alerts/known-read-model.ts', header + writer, tables, ownerOf)).toEqual(['guides']);
    const silent = '// Joins: clubs, guides, licensing.\n' + query;
    expect(foreignTables('src/lib/server/directory/search-read-model.ts', silent, tables, ownerOf)).toEqual([
      'clubs',
      'guides',
      'licences',
    ]);
  });
});
