import { ensureAdmin } from '#server/auth/index.ts';
import { openDatabase, type Database } from '#server/platform/db/database-setup.ts';
import { useDatabase } from '#server/platform/db/db.ts';
import { logger } from '#server/platform/logger.ts';
import { migrate } from '#server/platform/db/migrate.ts';
import { seedDemoData } from '#server/app/seed.ts';
import { ensureCensus, ensureZipCodes } from '#server/places/index.ts';
import { relocateClubs } from '#server/clubs/index.ts';
import { env as settings, type Env } from '#server/platform/env.ts';

/**
 * Everything the site needs before it takes requests: the database (embedded PGlite unless DATABASE_URL is set)
 * installed as this process's pool, migrations, the ZIP codes of distance searches, the census populations of guide
 * licensing, the first admin, and demo data on an empty database. Generated admin credentials and demo codes are printed once, on the console only.
 */
export async function prepareDatabase(env: Env = settings()): Promise<Database> {
  const database = await openDatabase(env);
  useDatabase(database.sql);

  const applied = await migrate(database.sql);
  if (applied.length > 0) logger.info({ applied }, 'database migrated');
  const zipCodes = await ensureZipCodes(database.sql, relocateClubs);
  if (zipCodes > 0) logger.info({ zipCodes }, 'ZIP codes loaded');
  const censusRows = await ensureCensus(database.sql);
  if (censusRows > 0) logger.info({ censusRows }, 'US Census 2020 populations loaded');

  const generated = await ensureAdmin(database.sql, env);
  if (generated) {
    process.stdout.write(
      `\n  An admin account was created. Sign in at /login with\n    username: ${generated.username}\n    password: ${generated.password}\n  This password is shown only now. Change it with \`npm run admin:create\`.\n\n`,
    );
  }

  if (env.SEED_DEMO_DATA) {
    const seeded = await seedDemoData(database.sql);
    if (seeded) {
      logger.info(seeded.counts, 'demo data added to the empty database');
      process.stdout.write(`  Demo HOST SET codes for trying registration: ${seeded.codes.join(', ')}\n\n`);
    }
  }
  return database;
}
