/**
 * `npm run admin -- grant EMAIL`: makes an existing user an admin (docs/design.md item 10: the first admin comes
 * from configuration, ADMIN_EMAILS, or this command; there is no default password). Works on the configured
 * database (DATABASE_URL, or PGlite in DATA_DIR: stop the server first, PGlite allows one process at a time).
 * Prints what it did; exits 1 on failure, e.g. when no user has that email.
 */
import { loadConfig, loadDotEnv } from '../config.js';
import { createDatabase } from '../db/connect.js';
import { migrateDatabase } from '../db/migrate.js';
import { createUserRepository } from '../modules/identity/index.js';
import { orderTotalsByUser } from '../modules/orders/index.js';

const USAGE = 'Usage: npm run admin -- grant EMAIL';
const print = (line: string) => process.stdout.write(`${line}\n`);

async function run(args: string[]): Promise<void> {
  const [command, email, ...rest] = args;
  if (command !== 'grant' || !email || rest.length > 0) throw new Error(USAGE);
  loadDotEnv();
  const config = loadConfig();
  const database = await createDatabase(config);
  try {
    await migrateDatabase(database);
    const users = createUserRepository(database.db, orderTotalsByUser);
    const user = await users.findByEmail(email);
    if (!user) throw new Error(`No user has the email ${email}: sign up first, then run this command.`);
    const changed = await users.promoteToAdmin(email);
    print(changed > 0 ? `${user.email} is now an admin.` : `${user.email} already is an admin.`);
  } finally {
    await database.close();
  }
}

try {
  await run(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
