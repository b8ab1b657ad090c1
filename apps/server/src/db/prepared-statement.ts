import pg from 'pg';
import type { Db } from './client.ts';

type RawClient = {
  query(
    text: string | { name: string; text: string; values: unknown[] },
    values?: unknown[],
  ): Promise<{ rows: unknown[] }>;
};

/**
 * A hot statement written once as SQL text with $1…$n, for the request paths where building the
 * query with Drizzle on every call costs more than running it: PostgreSQL prepares it once per
 * connection (by name) and then only binds; PGlite, in process, is handed the same text.
 */
export function preparedStatement<T>(name: string, text: string): (db: Db, values: unknown[]) => Promise<T[]> {
  return async (db, values) => {
    const client = (db as unknown as { $client?: RawClient }).$client;
    if (!client) throw new Error(`${name}: needs the database handle itself, not a transaction`);
    const result =
      client instanceof pg.Pool ? await client.query({ name, text, values }) : await client.query(text, values);
    return result.rows as T[];
  };
}

/** Which database a handle talks to (for the few paths that differ: first-turn.ts's commit). */
export function isPostgres(db: Db): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof pg.Pool;
}
