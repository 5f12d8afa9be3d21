// `npm run db:seed`: adds the demo data to an empty database; a database that has clubs is left untouched.
import { openDatabase } from '#server/platform/db/database-setup.ts';
import { migrate } from '#server/platform/db/migrate.ts';
import { seedDemoData } from '#server/app/seed.ts';

const database = await openDatabase();
try {
  await migrate(database.sql);
  const seeded = await seedDemoData(database.sql);
  if (seeded) {
    console.log(`Seeded ${seeded.counts.clubs} clubs and ${seeded.counts.questions} questions.`);
    console.log(`Unredeemed HOST SET codes: ${seeded.codes.join(', ')}`);
  } else {
    console.log('The database already has clubs; nothing was seeded.');
  }
} finally {
  await database.close();
}
