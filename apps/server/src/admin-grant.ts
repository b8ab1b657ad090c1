/**
 * `npm run admin:grant -- <email>` makes the person with that address an operator (issue 28,
 * decision 037); `npm run admin:grant -- --revoke <email>` takes the role back (never the last
 * operator's). The way in for the first operator besides ADMIN_EMAILS. It opens the same database as
 * the server (DATABASE_URL, or PGlite in DATA_DIR: stop the server first, PGlite has one user at a
 * time), applies pending migrations, and writes the change to the audit log as done by "command".
 */
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from './db/client.ts';
import { users } from './db/schema/index.ts';
import { EnvError, loadEnv } from './env.ts';
import { COMMAND_ACTOR } from './features/admin/audit-log.ts';
import { setOperatorRole } from './features/admin/operators.ts';
import { AppError } from './lib/app-error.ts';

async function main(args: string[]): Promise<number> {
  const revoke = args.includes('--revoke');
  const emails = args.filter((a) => a !== '--revoke');
  if (emails.length !== 1 || !/^[^\s@]+@[^\s@]+$/.test(emails[0] ?? '')) {
    console.error('Usage: npm run admin:grant -- [--revoke] <email>');
    return 2;
  }
  const email = (emails[0] as string).toLowerCase();
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await database.migrate();
    const [person] = await database.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email));
    if (!person) {
      console.error(`No account has the address ${email}. Sign up first, then run this again.`);
      return 1;
    }
    const { changed } = await setOperatorRole(database.db, COMMAND_ACTOR, person, !revoke);
    const what = revoke ? 'is no longer an operator' : 'is an operator';
    console.log(changed ? `${person.email} ${what}.` : `${person.email} already ${what.replace('is ', 'was ')}.`);
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
