import { dateTimeFormat } from '../../lib/intl/formatters.ts';

/** The history's date groups, newest first (spec §2: Today, Previous 7 Days, Last Month, Other Days). */
export const THREAD_GROUP_KEYS = ['today', 'previous7', 'lastMonth', 'other'] as const;
export type ThreadGroupKey = (typeof THREAD_GROUP_KEYS)[number];

export type ThreadGroup<T> = { key: ThreadGroupKey; threads: T[] };

/** Calendar days before today that count as "Previous 7 Days", then as "Last Month". */
const PREVIOUS_DAYS = 7;
const LAST_MONTH_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  return dateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
}

/** The calendar day of an instant in a time zone, as a day count since 1970-01-01 (so days subtract). */
export function zonedDayNumber(instant: Date | number, timeZone: string): number {
  const parts = dayFormatter(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Math.round(Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS);
}

/** Which group a day belongs to, given how many calendar days before today it is. */
function groupOf(daysAgo: number): ThreadGroupKey {
  if (daysAgo <= 0) return 'today'; // a clock slightly ahead of ours still means today
  if (daysAgo <= PREVIOUS_DAYS) return 'previous7';
  if (daysAgo <= PREVIOUS_DAYS + LAST_MONTH_DAYS) return 'lastMonth';
  return 'other';
}

/**
 * Groups threads by the calendar day of their last activity in the person's time zone:
 * Today (the same day as `now`), Previous 7 Days (the 7 days before today), Last Month (the 30 days
 * before those) and Other Days (older, or an unreadable date). Order inside a group is kept; empty
 * groups are left out. `now` is passed in so the caller reads the clock at render time.
 */
export function groupThreadsByDate<T extends { updatedAt: string }>(
  threads: readonly T[],
  now: Date,
  timeZone: string = Intl.DateTimeFormat().resolvedOptions().timeZone,
): ThreadGroup<T>[] {
  const today = zonedDayNumber(now, timeZone);
  const groups = new Map<ThreadGroupKey, T[]>(THREAD_GROUP_KEYS.map((key) => [key, []]));
  for (const thread of threads) {
    const time = Date.parse(thread.updatedAt);
    const key = Number.isNaN(time) ? 'other' : groupOf(today - zonedDayNumber(time, timeZone));
    groups.get(key)?.push(thread);
  }
  return THREAD_GROUP_KEYS.flatMap((key) => {
    const list = groups.get(key) ?? [];
    return list.length > 0 ? [{ key, threads: list }] : [];
  });
}
