import type { HouseSystem } from '@polymath/shared';
import { normalizeDegrees } from '@polymath/shared';
import { e_tilt, MakeTime, SiderealTime } from 'astronomy-engine';

/**
 * The angles and houses of a chart from spherical astronomy. RAMC (the right ascension of the
 * meridian) is the local apparent sidereal time in degrees; ε is the true obliquity of date.
 * Placidus divides each point's diurnal and nocturnal semi-arcs in thirds; it has no solution
 * where part of the ecliptic never rises or sets (beyond the polar circles), and there the chart
 * falls back to equal houses from the ascendant.
 */
const RAD = Math.PI / 180;
const sin = (deg: number) => Math.sin(deg * RAD);
const cos = (deg: number) => Math.cos(deg * RAD);
const tan = (deg: number) => Math.tan(deg * RAD);
const atan2 = (y: number, x: number) => Math.atan2(y, x) / RAD;
const asin = (x: number) => Math.asin(Math.max(-1, Math.min(1, x))) / RAD;

/** Latitudes beyond which Placidus is not used (the polar circles, with a margin). */
export const PLACIDUS_MAX_LATITUDE = 66;

/** Local apparent sidereal time in degrees for an instant and an east longitude. */
export function localSiderealDegrees(at: Date, eastLongitude: number): number {
  return normalizeDegrees(SiderealTime(at) * 15 + eastLongitude);
}

/** True obliquity of the ecliptic at an instant, in degrees. */
export function obliquity(at: Date): number {
  return e_tilt(MakeTime(at)).tobl;
}

/** The ecliptic longitude that culminates with right ascension `ra` (a point on the ecliptic). */
function eclipticLongitudeOfRightAscension(ra: number, eps: number): number {
  return normalizeDegrees(atan2(sin(ra), cos(ra) * cos(eps)));
}

/** Midheaven: the ecliptic degree on the upper meridian. */
export function midheaven(ramc: number, eps: number): number {
  return eclipticLongitudeOfRightAscension(ramc, eps);
}

/** Ascendant: the ecliptic degree rising on the eastern horizon at latitude `lat`. */
export function ascendant(ramc: number, eps: number, lat: number): number {
  return normalizeDegrees(atan2(cos(ramc), -(sin(ramc) * cos(eps) + tan(lat) * sin(eps))));
}

/**
 * One intermediate Placidus cusp. Above the horizon (cusps 11, 12) the point has run `fraction` of
 * its diurnal semi-arc from the meridian: RA = RAMC + f·DSA. Below it (cusps 2, 3) it is the same
 * fraction of the nocturnal semi-arc short of the lower meridian: RA = RAMC + 180° − f·NSA. The
 * semi-arcs depend on the point's declination, so the cusp is found by iteration.
 */
function placidusCusp(ramc: number, eps: number, lat: number, fraction: number, aboveHorizon: boolean): number {
  const raOf = (semiArcDiurnal: number) =>
    aboveHorizon ? ramc + fraction * semiArcDiurnal : ramc + 180 - fraction * (180 - semiArcDiurnal);
  let lon = eclipticLongitudeOfRightAscension(raOf(90), eps);
  for (let i = 0; i < 100; i++) {
    const dec = asin(sin(eps) * sin(lon));
    const ascensionalDifference = asin(tan(lat) * tan(dec));
    const next = eclipticLongitudeOfRightAscension(raOf(90 + ascensionalDifference), eps);
    const moved = Math.abs(normalizeDegrees(next - lon + 180) - 180);
    lon = next;
    if (moved < 1e-9) break;
  }
  return lon;
}

export type HouseCusps = { system: HouseSystem; cusps: number[]; ascendant: number; midheaven: number };

/** Cusps of houses 1–12 (index 0 = house 1) with the angles. */
export function houseCusps(ramc: number, eps: number, lat: number): HouseCusps {
  const asc = ascendant(ramc, eps, lat);
  const mc = midheaven(ramc, eps);
  if (Math.abs(lat) >= PLACIDUS_MAX_LATITUDE) {
    return {
      system: 'equal',
      ascendant: asc,
      midheaven: mc,
      cusps: Array.from({ length: 12 }, (_, i) => normalizeDegrees(asc + 30 * i)),
    };
  }
  const c11 = placidusCusp(ramc, eps, lat, 1 / 3, true);
  const c12 = placidusCusp(ramc, eps, lat, 2 / 3, true);
  const c2 = placidusCusp(ramc, eps, lat, 2 / 3, false);
  const c3 = placidusCusp(ramc, eps, lat, 1 / 3, false);
  const opposite = (lon: number) => normalizeDegrees(lon + 180);
  // Houses 4–9 are opposite 10–3.
  const cusps = [
    asc,
    c2,
    c3,
    opposite(mc),
    opposite(c11),
    opposite(c12),
    opposite(asc),
    opposite(c2),
    opposite(c3),
    mc,
    c11,
    c12,
  ];
  return { system: 'placidus', ascendant: asc, midheaven: mc, cusps };
}

/** The house (1–12) a longitude falls in, given cusps in house order. */
export function houseOf(longitude: number, cusps: number[]): number {
  for (let i = 0; i < 12; i++) {
    const start = cusps[i] as number;
    const end = cusps[(i + 1) % 12] as number;
    if (normalizeDegrees(longitude - start) < normalizeDegrees(end - start)) return i + 1;
  }
  return 12;
}
