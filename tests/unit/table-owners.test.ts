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

/**
 * Files whose SQL still names another domain's tables (decision 040 says what is left). This list may only shrink:
 * move a file's foreign SQL into the owning domain or a read model, and take the file off.
 */
const NOT_YET_MOVED: string[] = [
  'scripts/bench/alert-matching.ts',
  'scripts/bench/seed-clubs.ts',
  'scripts/bench/site.ts',
  'scripts/docs/scaling.ts',
  'scripts/load-test.ts',
  'src/lib/server/alerts/alert-job.ts',
  'src/lib/server/alerts/alerts.ts',
  'src/lib/server/alerts/watch-alerts.ts',
  'src/lib/server/app/accounts.ts',
  'src/lib/server/app/seed.ts',
  'src/lib/server/auth/owner-name.ts',
  'src/lib/server/check-ins/check-in-job.ts',
  'src/lib/server/check-ins/check-ins.ts',
  'src/lib/server/check-ins/report-resolutions.ts',
  'src/lib/server/clubs/admin-clubs.ts',
  'src/lib/server/clubs/club-pages.ts',
  'src/lib/server/clubs/clubs.ts',
  'src/lib/server/clubs/time-zone.ts',
  'src/lib/server/codes/host-set-codes.ts',
  'src/lib/server/demand/admin-demand.ts',
  'src/lib/server/demand/demand-reads.ts',
  'src/lib/server/demand/places.ts',
  'src/lib/server/directory/directory.ts',
  'src/lib/server/follow-ups/follow-up-job.ts',
  'src/lib/server/follow-ups/reply-links.ts',
  'src/lib/server/follow-ups/reply-times.ts',
  'src/lib/server/follow-ups/unanswered.ts',
  'src/lib/server/guides/messages.ts',
  'src/lib/server/guides/public-guides.ts',
  'src/lib/server/guides/visibility.ts',
  'src/lib/server/licensing/area-card.ts',
  'src/lib/server/licensing/areas.ts',
  'src/lib/server/licensing/census.ts',
  'src/lib/server/licensing/guides.ts',
  'src/lib/server/licensing/licence-reads.ts',
  'src/lib/server/members/members.ts',
  'src/lib/server/members/reminders.ts',
  'src/lib/server/notifications/admin-notifications.ts',
  'src/lib/server/places/zip-codes.ts',
  'src/lib/server/questions/questions.ts',
  'src/lib/server/questions/reports.ts',
  'src/lib/server/store/admin-orders.ts',
];

function violations(files: string[]): string[] {
  return files.filter((file) => foreignTables(file, readFileSync(file, 'utf8'), tables, ownerOf).length > 0);
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
    const files = tsFiles(server, 'scripts');
    const found = files.flatMap((file) => {
      const foreign = foreignTables(file, readFileSync(file, 'utf8'), tables, ownerOf);
      return foreign.length > 0 && !NOT_YET_MOVED.includes(file) ? [`${file}: ${foreign.join(', ')}`] : [];
    });
    expect(found).toEqual([]);
  });

  it('the list of files not yet moved names only files that still name a foreign table', () => {
    expect(NOT_YET_MOVED.filter((file) => !violations([file]).length)).toEqual([]);
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
    expect(tablesInSql('planted.ts', 'sql.unsafe(`delete from outbox`)', tables)).toEqual(['outbox']);
  });

  it('a read model may join the domains its header names and says why, and no others', () => {
    const query = 'const q = (sql: never) => sql`select * from clubs join guides on true join licences on true`;';
    const header = '// Joins: clubs, guides. One join is the fast way: a list asked of each domain would be N+1 queries.\n';
    expect(readModelFile.test('src/lib/server/directory/search-read-model.ts')).toBe(true);
    expect(foreignTables('src/lib/server/directory/search-read-model.ts', header + query, tables, ownerOf)).toEqual(['licences']);
    expect(foreignTables('src/lib/server/directory/search.ts', header + query, tables, ownerOf)).toEqual(['clubs', 'guides', 'licences']);
    const silent = '// Joins: clubs, guides, licensing.\n' + query;
    expect(foreignTables('src/lib/server/directory/search-read-model.ts', silent, tables, ownerOf)).toEqual([
      'clubs',
      'guides',
      'licences',
    ]);
  });
});
