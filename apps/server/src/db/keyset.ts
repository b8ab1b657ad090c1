import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * Keyset cursors for lists ordered by (a timestamp, id) descending: the last row's pair, opaque to
 * the browser. The timestamp is carried as text with PostgreSQL's microseconds (a JS Date would
 * round them to milliseconds and skip or repeat rows).
 */
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const CURSOR_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The pair a page ends at: `time` is the ordering timestamp as keysetTime() writes it. */
export type Cursor = { time: string; id: string };

/** Select this beside a row to make its cursor: the timestamp as microsecond text in UTC. */
export function keysetTime(column: AnyColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** Rows after the cursor in (time desc, id desc) order. */
export function afterCursor(timeColumn: AnyColumn, idColumn: AnyColumn, cursor: Cursor): SQL {
  return sql`(${timeColumn}, ${idColumn}) < (${cursor.time}::timestamptz, ${cursor.id})`;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.time, cursor.id])).toString('base64url');
}

/** The cursor, or null when it is not one this server made. */
export function decodeCursor(value: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) return null;
  const [time, id] = parsed as unknown[];
  if (typeof time !== 'string' || typeof id !== 'string') return null;
  if (!CURSOR_TIME.test(time) || !CURSOR_ID.test(id)) return null;
  // A real instant (no month 13): the millisecond part must survive a round trip through Date.
  const ms = `${time.slice(0, 23)}Z`;
  const date = new Date(ms);
  if (Number.isNaN(date.getTime()) || date.toISOString() !== ms) return null;
  return { time, id };
}
