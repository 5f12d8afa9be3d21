// Run by tests/unit/query-retention.test.ts in a process of its own, with --expose-gc: settles 2,000 postgres.js
// queries one after another, each with 25 rows of ten columns, as the site's searches do, and prints how many bytes
// the young-generation collections meanwhile moved into the old generation (promoted). With `keep`, it holds every
// result, to show the measurement sees results that really stay alive. No database is needed: the queries are
// settled the way postgres.js's connection settles them, by calling the query's resolve() with the rows it read.
import v8 from 'node:v8';
import postgres from 'postgres';

const gc = (globalThis as { gc?: (options: { type: 'major' | 'minor' }) => void }).gc;
if (!gc) throw new Error('Run with --expose-gc');

const QUERIES = 2_000;
const keep = process.argv.includes('keep');

// postgres() opens no connection until a query is awaited; this one never is.
const sql = postgres('postgres://nobody@127.0.0.1:1/none', { max: 1 });
type Settleable = Promise<unknown> & { resolve(rows: unknown): void };
const Query = Object.getPrototypeOf(sql`select 1`).constructor as new (
  strings: TemplateStringsArray,
  args: unknown[],
  handler: (query: Settleable) => void,
  canceller: () => void,
) => Settleable;

const strings = Object.assign(['select id, club_name from clubs'], { raw: ['select id, club_name from clubs'] });
const rowsRead = () =>
  Array.from({ length: 25 }, (_, id) => {
    const row: Record<string, unknown> = {};
    for (let column = 0; column < 10; column++) row[`column_${column}`] = `${Math.random()} ${id}`;
    return row;
  });
const readLater = (query: Settleable) => setImmediate(() => query.resolve(rowsRead()));
const runQuery = () => new Query(strings as unknown as TemplateStringsArray, [], readLater, () => {});

const oldSpaceUsed = (spaces: v8.HeapSpaceStatistics[]) =>
  spaces.find((space) => space.spaceName === 'old_space')!.spaceUsedSize;

const kept: unknown[] = [];
for (let i = 0; i < 200; i++) await runQuery();
gc({ type: 'major' });
const profiler = new v8.GCProfiler();
profiler.start();
for (let i = 0; i < QUERIES; i++) {
  const rows = await runQuery();
  if (keep) kept.push(rows);
}
// Objects are promoted at the second young-generation collection they survive.
gc({ type: 'minor' });
gc({ type: 'minor' });
const youngGenerationCollections = profiler
  .stop()
  .statistics.filter((event) => event.gcType === 'Scavenge' || event.gcType === 'MinorMarkSweep');
const promoted = youngGenerationCollections
  .map(({ beforeGC, afterGC }) => oldSpaceUsed(afterGC.heapSpaceStatistics) - oldSpaceUsed(beforeGC.heapSpaceStatistics))
  .reduce((sum, bytes) => sum + bytes, 0);
console.log(JSON.stringify({ promoted }));
