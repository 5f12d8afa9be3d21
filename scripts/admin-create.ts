// `npm run admin:create -- --email you@example.com [--username admin] [--password …]`: creates the admin account,
// or makes an existing account the admin with a new password. Without --password a random one is printed.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { openDatabase } from '#server/platform/db/database-setup.ts';
import { migrate } from '#server/platform/db/migrate.ts';
import { upsertAdmin } from '#server/auth/index.ts';
import { ADMIN_PASSWORD_MIN_LENGTH, isCommonPassword } from '#server/platform/password-policy.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string', default: process.env.ADMIN_EMAIL },
    username: { type: 'string', default: 'admin' },
    password: { type: 'string', default: process.env.ADMIN_PASSWORD },
  },
});

if (!values.email || !/^[^@\s]+@[^@\s]+$/.test(values.email)) {
  console.error('Usage: npm run admin:create -- --email you@example.com [--username admin] [--password secret]');
  process.exit(2);
}
if (values.password !== undefined && values.password.length < ADMIN_PASSWORD_MIN_LENGTH) {
  console.error(`The admin password must have at least ${ADMIN_PASSWORD_MIN_LENGTH} characters.`);
  process.exit(2);
}
if (values.password !== undefined && isCommonPassword(values.password)) {
  console.error('The admin password is too common. Please choose another.');
  process.exit(2);
}

const password = values.password ?? randomBytes(18).toString('base64url');
const database = await openDatabase();
try {
  await migrate(database.sql);
  const admin = await upsertAdmin({ email: values.email, username: values.username.toLowerCase(), password }, database.sql);
  console.log(`Admin ready: ${admin.email} (username ${admin.username}).`);
  if (values.password === undefined) console.log(`Password (shown once): ${password}`);
} finally {
  await database.close();
}
