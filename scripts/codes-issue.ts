// `npm run codes:issue -- --count N [--note "order 1234"]`: issues N new HOST SET codes and prints them, one a line.
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/lib/server/database-setup.ts';
import { issueHostSetCodes } from '../src/lib/server/host-set-codes.ts';
import { migrate } from '../src/lib/server/migrate.ts';

const { values } = parseArgs({ options: { count: { type: 'string', default: '1' }, note: { type: 'string' } } });
const count = Number(values.count);
if (!Number.isInteger(count) || count < 1 || count > 10_000) {
  console.error('Usage: npm run codes:issue -- --count N [--note "order 1234"]   (N from 1 to 10000)');
  process.exit(2);
}
if (values.note !== undefined && values.note.length > 200) {
  console.error('The note must have at most 200 characters.');
  process.exit(2);
}

const database = await openDatabase();
try {
  await migrate(database.sql);
  const codes = await issueHostSetCodes(count, values.note ?? null, database.sql);
  process.stdout.write(`${codes.join('\n')}\n`);
} finally {
  await database.close();
}
