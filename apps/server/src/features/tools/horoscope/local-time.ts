/**
 * Wall-clock time in an IANA zone ↔ UTC, with the zone rules of the runtime's ICU (Intl), so no
 * time-zone library is needed. Ambiguous and skipped local times follow Temporal's "compatible"
 * choice: a time repeated when clocks go back is the earlier one, a time skipped when they go
 * forward is moved forward by the gap (02:30 on a spring-forward night is 03:30).
 */
export type LocalDateTime = { year: number; month: number; day: number; hour: number; minute: number };

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * The runtime's own spelling of a zone it knows ("europe/istanbul" → "Europe/Istanbul"), or
 * undefined. Intl accepts any letter case, so callers key caches on this, never on raw input.
 */
export function canonicalTimeZone(timeZone: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** True when the runtime knows the zone. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock in `timeZone` at an instant, as the UTC milliseconds of the same clock reading. */
function wallClockMs(instantMs: number, timeZone: string): number {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(instantMs))) parts[p.type] = p.value;
  const year = parts.era === 'BC' ? 1 - Number(parts.year) : Number(parts.year);
  const ms = Date.UTC(year, Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
  return ms + Number(parts.second) * 1000;
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
export function utcOffsetMs(instant: Date, timeZone: string): number {
  const t = Math.floor(instant.getTime() / 1000) * 1000;
  return wallClockMs(t, timeZone) - t;
}

/** "+03:00", "-04:00", "+05:45" (seconds of historical local mean time are rounded away). */
export function formatUtcOffset(offsetMs: number): string {
  const minutes = Math.round(offsetMs / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The UTC instant of a wall-clock reading in `timeZone` (see the file comment for gaps and overlaps). */
export function zonedTimeToUtc(local: LocalDateTime, timeZone: string): Date {
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  // The offsets in force a day either side bracket any transition near this reading.
  const before = wallClockMs(wall - DAY_MS, timeZone) - (wall - DAY_MS);
  const after = wallClockMs(wall + DAY_MS, timeZone) - (wall + DAY_MS);
  const matches = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((utc) => wallClockMs(utc, timeZone) === wall)
    .sort((a, b) => a - b);
  const first = matches[0];
  // No instant shows this reading: it was skipped; the offset before the jump moves it forward.
  return new Date(first ?? wall - before);
}

/** The calendar date in `timeZone` at an instant. */
export function localDateOf(instant: Date, timeZone: string): { year: number; month: number; day: number } {
  const d = new Date(wallClockMs(Math.floor(instant.getTime() / 1000) * 1000, timeZone));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Local midnight `days` calendar days after the local date of `instant` (0 = the start of that day). */
export function startOfLocalDay(instant: Date, timeZone: string, days = 0): Date {
  const { year, month, day } = localDateOf(instant, timeZone);
  // Date.UTC normalises day overflow (31 + 1 → the 1st of the next month).
  const target = new Date(Date.UTC(year, month - 1, day + days));
  return zonedTimeToUtc(
    { year: target.getUTCFullYear(), month: target.getUTCMonth() + 1, day: target.getUTCDate(), hour: 0, minute: 0 },
    timeZone,
  );
}
