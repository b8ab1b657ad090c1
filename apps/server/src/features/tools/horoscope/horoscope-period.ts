import { HOROSCOPE_PERIOD_DAYS, type HoroscopePeriodKind } from '@polymath/shared';
import { startOfLocalDay } from './local-time.ts';

/**
 * The period a reading covers: from the start of the person's local today, for the type's
 * number of calendar days (a local day can be 23 or 25 hours long across a clock change).
 */
export function periodFor(kind: HoroscopePeriodKind, now: Date, timeZone: string): { start: Date; end: Date } {
  return { start: startOfLocalDay(now, timeZone), end: startOfLocalDay(now, timeZone, HOROSCOPE_PERIOD_DAYS[kind]) };
}
