import pg from 'pg';

/**
 * The PostgreSQL server the tests may use, and the two admin statements they need from it (create
 * and drop databases next to TEST_DATABASE_URL's). Shared by databases.ts and global-setup.ts.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

/** TEST_DATABASE_URL with another database name. */
export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end().catch(() => {});
  }
}
