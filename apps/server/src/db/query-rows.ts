import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Runs raw SQL and returns its rows. Both drivers (PGlite and node-postgres) answer with
 * `{ rows }`; drizzle types the result loosely, so the shape is asserted here, once.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
