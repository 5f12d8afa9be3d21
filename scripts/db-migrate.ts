// `npm run db:migrate`: applies pending migrations to DATABASE_URL (or the embedded database) and exits.
import { openDatabase } from '#server/platform/db/database-setup.ts';
import { migrate } from '#server/platform/db/migrate.ts';

const database = await openDatabase();
try {
  const applied = await migrate(database.sql);
  console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
} finally {
  await database.close();
}
