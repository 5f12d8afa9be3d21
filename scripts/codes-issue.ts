// `npm run codes:issue -- --count N [--note "order 1234"]`: issues N new HOST SET codes and prints them, one a line.
import { parseArgs } from 'node:util';
import { issueCodesSchema } from '#lib/schemas/admin.ts';
import { openDatabase } from '#server/platform/db/database-setup.ts';
import { issueHostSetCodes } from '#server/codes/index.ts';
import { migrate } from '#server/platform/db/migrate.ts';

// The limits are the admin screen's (issueCodesSchema), so both ways of issuing codes accept the same input.
const USAGE = 'Usage: npm run codes:issue -- --count N [--note "order 1234"]   (N from 1 to 500, note up to 200 characters)';

const { values } = parseArgs({ options: { count: { type: 'string', default: '1' }, note: { type: 'string' }, help: { type: 'boolean' } } });
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const parsed = issueCodesSchema.safeParse({ count: Number(values.count), note: values.note });
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(issue.message);
  console.error(USAGE);
  process.exit(2);
}

const database = await openDatabase();
try {
  await migrate(database.sql);
  const codes = await issueHostSetCodes(parsed.data.count, parsed.data.note, database.sql);
  process.stdout.write(`${codes.join('\n')}\n`);
} finally {
  await database.close();
}
