import type { SkyFacts } from '@polymath/shared';
import { periodFor } from './horoscope-period.ts';
import { canonicalTimeZone } from './local-time.ts';
import { computeSky } from './sky.ts';

const MINUTE_MS = 60_000;
/** Zones kept at once; everyone in one zone shares an entry, so a handful covers most visitors. */
const CACHE_ZONES = 64;

/**
 * The "sky now" panel's facts: the sky at the current minute and the events of the person's
 * local today. Computing it takes tens of milliseconds, so each zone's sky is kept for the minute
 * it was computed in (the Moon moves half an arc minute in that time) and shared by every caller.
 */
export function createSkyNow(now: () => Date = () => new Date()) {
  const cache = new Map<string, { minute: number; sky: SkyFacts }>();
  return function skyNow(timeZone: string | undefined): SkyFacts {
    const zone = (timeZone && canonicalTimeZone(timeZone)) || 'UTC';
    const minute = Math.floor(now().getTime() / MINUTE_MS) * MINUTE_MS;
    const cached = cache.get(zone);
    // Most recently used last, so the oldest zone is the one dropped.
    cache.delete(zone);
    if (cached?.minute === minute) {
      cache.set(zone, cached);
      return cached.sky;
    }
    const at = new Date(minute);
    const sky = computeSky(at, periodFor('day', at, zone), zone);
    cache.set(zone, { minute, sky });
    if (cache.size > CACHE_ZONES) cache.delete(cache.keys().next().value as string);
    return sky;
  };
}
export type SkyNow = ReturnType<typeof createSkyNow>;
