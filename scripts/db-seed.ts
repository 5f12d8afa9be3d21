// `npm run db:seed`: adds the demo data to an empty database; a database that has clubs is left untouched.
import { openDatabase } from '#server/platform/db/database-setup.ts';
import { migrate } from '#server/platform/db/migrate.ts';
import { seedDemoData } from '#server/app/seed.ts';
import { ensureCensus, ensureZipCodes } from '#server/places/index.ts';
import { relocateClubs } from '#server/clubs/index.ts';

const database = await openDatabase();
try {
  await migrate(database.sql);
  // The demo clubs take their positions from the ZIP codes and the demo licences their areas from the census, which a
  // start loads; a database only migrated has neither yet.
  await ensureZipCodes(database.sql, relocateClubs);
  await ensureCensus(database.sql);
  const seeded = await seedDemoData(database.sql);
  if (seeded) {
    console.log(`Seeded ${seeded.counts.clubs} clubs, ${seeded.counts.questions} questions and ${seeded.counts.guides} guides.`);
    console.log(`Unredeemed HOST SET codes: ${seeded.codes.join(', ')}`);
  } else {
    console.log('The database already has clubs; nothing was seeded.');
  }
} finally {
  await database.close();
}
