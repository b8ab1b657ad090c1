import {
  type BodyPosition,
  type Ingress,
  LUNAR_QUARTERS,
  type LunarPhaseEvent,
  type MoonPhase,
  type MoonPhaseName,
  normalizeDegrees,
  SKY_BODIES,
  type SkyBody,
  type SkyFacts,
  signOfLongitude,
  ZODIAC_SIGN_SLUGS,
  type ZodiacSign,
} from '@polymath/shared';
import { Body, Ecliptic, GeoVector, Illumination, NextMoonQuarter, SearchMoonQuarter } from 'astronomy-engine';

/**
 * The real sky from astronomy-engine. Longitudes are geocentric, apparent (light-time and
 * aberration corrected) and on the true ecliptic and equinox of date: `Ecliptic(GeoVector(body,
 * t, true))`, the frame tropical astrology uses. `SunPosition` and `EclipticGeoMoon` give the
 * same numbers for the Sun and Moon; one path for all bodies keeps them consistent.
 */
const ENGINE_BODY: Record<SkyBody, Body> = {
  sun: Body.Sun,
  moon: Body.Moon,
  mercury: Body.Mercury,
  venus: Body.Venus,
  mars: Body.Mars,
  jupiter: Body.Jupiter,
  saturn: Body.Saturn,
};

const DAY_MS = 86_400_000;
/** Ingress moments are located to this precision. */
const INGRESS_PRECISION_MS = 20_000;
/** Sampling step when searching ingresses: small enough that no body crosses two boundaries. */
const SEARCH_STEP_MS: Record<SkyBody, number> = {
  sun: DAY_MS,
  moon: DAY_MS / 4, // the Moon moves at most ~15.4° a day
  mercury: DAY_MS,
  venus: DAY_MS,
  mars: DAY_MS,
  jupiter: DAY_MS,
  saturn: DAY_MS,
};
/** Within this many degrees of an exact quarter the Moon is named for it (about a day either side). */
const PRINCIPAL_PHASE_ORB = 12;

/** Geocentric apparent ecliptic longitude of date, normalised to [0, 360). */
export function eclipticLongitude(body: SkyBody, at: Date): number {
  return normalizeDegrees(Ecliptic(GeoVector(ENGINE_BODY[body], at, true)).elon);
}

/** A longitude difference folded into (-180, 180]. */
function signedDelta(from: number, to: number): number {
  const d = normalizeDegrees(to - from);
  return d > 180 ? d - 360 : d;
}

/** Degrees per day of the longitude, from a central difference over one day. */
export function dailyMotion(body: SkyBody, at: Date): number {
  const t = at.getTime();
  return signedDelta(
    eclipticLongitude(body, new Date(t - DAY_MS / 2)),
    eclipticLongitude(body, new Date(t + DAY_MS / 2)),
  );
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
/** Truncates, so 29.999° stays in its sign as 29.99 instead of rounding up to 30. */
const truncate = (value: number, places: number) => Math.floor(value * 10 ** places) / 10 ** places;

export function signPoint(longitude: number): { longitude: number; sign: ZodiacSign; degree: number } {
  const lon = normalizeDegrees(longitude);
  const { sign, degree } = signOfLongitude(lon);
  const rounded = truncate(lon, 2);
  return { longitude: rounded, sign, degree: truncate(degree, 2) };
}

export function bodyPosition(body: SkyBody, at: Date): BodyPosition {
  const speed = dailyMotion(body, at);
  // The Sun and Moon never move backwards as seen from the Earth.
  const retrograde = body !== 'sun' && body !== 'moon' && speed < 0;
  return { body, ...signPoint(eclipticLongitude(body, at)), speed: round(speed, 3), retrograde };
}

export function bodyPositions(at: Date): BodyPosition[] {
  return SKY_BODIES.map((body) => bodyPosition(body, at));
}

function phaseName(angle: number): MoonPhaseName {
  const exact: [number, MoonPhaseName][] = [
    [0, 'new-moon'],
    [90, 'first-quarter'],
    [180, 'full-moon'],
    [270, 'last-quarter'],
    [360, 'new-moon'],
  ];
  for (const [at, name] of exact) if (Math.abs(angle - at) <= PRINCIPAL_PHASE_ORB) return name;
  if (angle < 90) return 'waxing-crescent';
  if (angle < 180) return 'waxing-gibbous';
  if (angle < 270) return 'waning-gibbous';
  return 'waning-crescent';
}

/** The Moon's phase: elongation angle (Moon minus Sun), its name and the lit fraction of the disc. */
export function moonPhase(at: Date): MoonPhase {
  const angle = normalizeDegrees(eclipticLongitude('moon', at) - eclipticLongitude('sun', at));
  const illumination = Illumination(Body.Moon, at).phase_fraction;
  return {
    phase: phaseName(angle),
    angle: truncate(angle, 2),
    illumination: round(Math.min(1, Math.max(0, illumination)), 3),
  };
}

const signIndexAt = (body: SkyBody, t: number) => Math.floor(eclipticLongitude(body, new Date(t)) / 30);
/** The whole second nearest an instant: the facts name their instants to the second. */
const toSecond = (ms: number) => new Date(Math.round(ms / 1000) * 1000);
const toIso = (ms: number) => toSecond(ms).toISOString().replace('.000Z', 'Z');

/** Every sign a body enters inside [start, end), located by bisection to within 20 seconds. */
export function findIngresses(body: SkyBody, start: Date, end: Date): Ingress[] {
  const found: Ingress[] = [];
  const step = SEARCH_STEP_MS[body];
  let t0 = start.getTime();
  let s0 = signIndexAt(body, t0);
  while (t0 < end.getTime()) {
    const t1 = Math.min(t0 + step, end.getTime());
    const s1 = signIndexAt(body, t1);
    if (s1 !== s0) {
      let lo = t0;
      let hi = t1;
      while (hi - lo > INGRESS_PRECISION_MS) {
        const mid = (lo + hi) / 2;
        if (signIndexAt(body, mid) === s0) lo = mid;
        else hi = mid;
      }
      found.push({
        body,
        sign: ZODIAC_SIGN_SLUGS[s1] as ZodiacSign,
        at: toIso((lo + hi) / 2),
        retrograde: s1 === (s0 + 11) % 12,
      });
    }
    t0 = t1;
    s0 = s1;
  }
  return found;
}

/** New moons, first quarters, full moons and last quarters inside [start, end), with the Moon's sign. */
export function findLunarPhases(start: Date, end: Date): LunarPhaseEvent[] {
  const events: LunarPhaseEvent[] = [];
  let quarter = SearchMoonQuarter(start);
  while (quarter.time.date.getTime() < end.getTime()) {
    const at = quarter.time.date;
    events.push({
      phase: LUNAR_QUARTERS[quarter.quarter] ?? 'new-moon',
      at: toIso(at.getTime()),
      sign: signOfLongitude(eclipticLongitude('moon', at)).sign,
    });
    quarter = NextMoonQuarter(quarter);
  }
  return events;
}

/**
 * The sky at `at` (positions, the Moon's phase) and what happens in `period` (ingresses of every
 * body, exact lunar phases), as the compact facts handed to the model.
 */
export function computeSky(exactly: Date, period: { start: Date; end: Date }, timeZone = 'UTC'): SkyFacts {
  if (!(period.end.getTime() > period.start.getTime())) throw new RangeError('The period must end after it starts');
  // The facts name their instant to the second, so the positions are computed for that second: the
  // Moon moves 0.01° a minute, and from the unrounded instant its rounded degree could differ from
  // the one the stated instant gives.
  const at = toSecond(exactly.getTime());
  const ingresses = SKY_BODIES.flatMap((body) => findIngresses(body, period.start, period.end)).sort((a, b) =>
    a.at.localeCompare(b.at),
  );
  return {
    at: toIso(at.getTime()),
    period: { start: toIso(period.start.getTime()), end: toIso(period.end.getTime()), timeZone },
    positions: bodyPositions(at),
    moon: moonPhase(at),
    ingresses,
    lunarPhases: findLunarPhases(period.start, period.end),
  };
}
