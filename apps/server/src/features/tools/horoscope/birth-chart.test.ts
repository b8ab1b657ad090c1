import { birthChartFactsSchema, HOROSCOPE_VALIDATION_MESSAGES, normalizeDegrees } from '@polymath/shared';
import {
  EquatorFromVector,
  Horizon,
  Observer,
  RotateVector,
  Rotation_ECT_EQD,
  SiderealTime,
  Spherical,
  VectorFromSphere,
} from 'astronomy-engine';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/app-error.ts';
import { computeBirthChart } from './birth-chart.ts';
import { findCity } from './cities.ts';
import { ascendant, houseCusps, houseOf, localSiderealDegrees, midheaven, obliquity } from './houses.ts';

/**
 * The chart's angles and houses are checked three ways: against a published table of houses
 * (Raphael's, for London), against the formula at points where it is known exactly, and against
 * astronomy-engine's own horizon transform (an ecliptic degree is put on the sky of the birth
 * place and its altitude and hour angle measured), which shares no code with ours.
 */
const angleDiff = (a: number, b: number) => Math.abs(normalizeDegrees(a - b + 180) - 180);

/** Where an ecliptic point of date stands in the sky of a place at an instant. */
function skyOf(longitude: number, at: Date, lat: number, lon: number) {
  const ecliptic = VectorFromSphere(new Spherical(0, longitude, 1), at);
  const equator = EquatorFromVector(RotateVector(Rotation_ECT_EQD(at), ecliptic));
  const observer = new Observer(lat, lon, 0);
  const hourAngle = normalizeDegrees((SiderealTime(at) - equator.ra) * 15 + lon + 180) - 180;
  const altitudeAt = (ha: number) =>
    Horizon(at, observer, normalizeDegrees(SiderealTime(at) * 15 + lon - ha) / 15, equator.dec).altitude;
  return { ...Horizon(at, observer, equator.ra, equator.dec), hourAngle, altitudeAt };
}

/** The diurnal semi-arc of a point, found where the engine puts it on the western horizon. */
function diurnalSemiArc(altitudeAt: (hourAngle: number) => number): number {
  let lo = 0;
  let hi = 180;
  if (altitudeAt(lo) < 0 || altitudeAt(hi) > 0) throw new Error('circumpolar point');
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (altitudeAt(mid) > 0) lo = mid;
    else hi = mid;
  }
  return lo;
}

describe('angles and houses', () => {
  it("matches Raphael's table of houses for London at sidereal time 0h", () => {
    // Raphael (lat 51°32′ N): 10th 0° Aries, 11th 9° Taurus, 12th 22° Gemini, Asc 26°36′ Cancer, 2nd 12° Leo, 3rd 3° Virgo.
    const chart = houseCusps(0, 23.44, 51 + 32 / 60);
    expect(chart.system).toBe('placidus');
    expect(angleDiff(chart.ascendant, 90 + 26.6)).toBeLessThan(0.05);
    expect(angleDiff(chart.midheaven, 0)).toBeLessThan(1e-9);
    const expected = [116.6, 132.5, 153, 180, 218.5, 262, 296.6, 312.5, 333, 0, 38.5, 82];
    chart.cusps.forEach((cusp, i) => {
      expect(angleDiff(cusp, expected[i] ?? Number.NaN)).toBeLessThan(1);
    });
  });

  it('puts the ascendant at 0° Cancer on the equator when 0° Aries culminates, and 0° Libra a quarter-turn later', () => {
    expect(ascendant(0, 23.44, 0)).toBeCloseTo(90, 9);
    expect(midheaven(90, 23.44)).toBeCloseTo(90, 9);
    expect(ascendant(90, 23.44, 0)).toBeCloseTo(180, 9);
    // Standard formula by hand for RAMC 0, latitude 51.5°: atan2(1, −tan φ · sin ε) = 116.6°.
    const eps = 23.44 * (Math.PI / 180);
    const lat = 51.5 * (Math.PI / 180);
    const byHand = normalizeDegrees((Math.atan2(1, -Math.tan(lat) * Math.sin(eps)) * 180) / Math.PI);
    expect(ascendant(0, 23.44, 51.5)).toBeCloseTo(byHand, 9);
  });

  it.each([
    ['istanbul-tr', '1990-08-01T11:30:00Z'],
    ['sydney-au', '2001-12-24T03:15:00Z'],
    ['new-york-us', '2024-03-10T07:30:00Z'],
    ['quito-ec', '1985-05-05T18:00:00Z'],
    ['reykjavik-is', '1975-01-20T06:45:00Z'],
  ])(
    'in %s at %s the ascendant is rising in the east and the midheaven culminating (engine horizon)',
    (cityId, iso) => {
      const city = findCity(cityId);
      if (!city) throw new Error(cityId);
      const at = new Date(iso);
      const ramc = localSiderealDegrees(at, city.longitude);
      const chart = houseCusps(ramc, obliquity(at), city.latitude);

      const asc = skyOf(chart.ascendant, at, city.latitude, city.longitude);
      expect(Math.abs(asc.altitude)).toBeLessThan(0.01);
      expect(asc.azimuth).toBeGreaterThan(0);
      expect(asc.azimuth).toBeLessThan(180);
      // A degree earlier has already risen; a degree later is still below the horizon.
      expect(skyOf(chart.ascendant - 1, at, city.latitude, city.longitude).altitude).toBeGreaterThan(0);
      expect(skyOf(chart.ascendant + 1, at, city.latitude, city.longitude).altitude).toBeLessThan(0);

      const mc = skyOf(chart.midheaven, at, city.latitude, city.longitude);
      expect(Math.abs(mc.hourAngle)).toBeLessThan(0.01);
    },
  );

  it.each([
    ['istanbul-tr', '1990-08-01T11:30:00Z'],
    ['sydney-au', '2001-12-24T03:15:00Z'],
    ['reykjavik-is', '1975-01-20T06:45:00Z'],
  ])('in %s the Placidus cusps trisect each point’s semi-arcs (engine horizon)', (cityId, iso) => {
    const city = findCity(cityId);
    if (!city) throw new Error(cityId);
    const at = new Date(iso);
    const chart = houseCusps(localSiderealDegrees(at, city.longitude), obliquity(at), city.latitude);
    const fractionOf = (cusp: number) => {
      const s = skyOf(cusp, at, city.latitude, city.longitude);
      const dsa = diurnalSemiArc(s.altitudeAt);
      const east = -s.hourAngle; // positive: time until the point culminates
      return east <= dsa ? { above: true, f: east / dsa } : { above: false, f: (east - dsa) / (180 - dsa) };
    };
    // Cusp 11 and 12: a third and two thirds of the diurnal semi-arc east of the meridian.
    expect(fractionOf(chart.cusps[10] as number)).toMatchObject({ above: true });
    expect(fractionOf(chart.cusps[10] as number).f).toBeCloseTo(1 / 3, 3);
    expect(fractionOf(chart.cusps[11] as number).f).toBeCloseTo(2 / 3, 3);
    // Cusp 2 and 3: a third and two thirds of the nocturnal semi-arc below the eastern horizon.
    expect(fractionOf(chart.cusps[1] as number)).toMatchObject({ above: false });
    expect(fractionOf(chart.cusps[1] as number).f).toBeCloseTo(1 / 3, 3);
    expect(fractionOf(chart.cusps[2] as number).f).toBeCloseTo(2 / 3, 3);
  });

  it('falls back to equal houses beyond the polar circle', () => {
    const chart = houseCusps(123, 23.44, 69.65);
    expect(chart.system).toBe('equal');
    chart.cusps.forEach((cusp, i) => {
      expect(angleDiff(cusp, chart.ascendant + 30 * i)).toBeLessThan(1e-9);
    });
  });

  it('places a longitude in the house whose cusps surround it, across 0° Aries', () => {
    const cusps = [350, 20, 50, 80, 110, 140, 170, 200, 230, 260, 290, 320];
    expect(houseOf(355, cusps)).toBe(1);
    expect(houseOf(5, cusps)).toBe(1);
    expect(houseOf(20, cusps)).toBe(2);
    expect(houseOf(349.9, cusps)).toBe(12);
  });
});

describe('computeBirthChart', () => {
  it('computes a chart with a birth time: local time in the zone of that date, angles, Placidus houses', () => {
    const chart = computeBirthChart({ birthDate: '1990-08-01', birthTime: '14:30', cityId: 'istanbul-tr' });
    expect(birthChartFactsSchema.parse(chart)).toEqual(chart);
    expect(chart.birth).toMatchObject({
      city: 'Istanbul',
      countryCode: 'TR',
      timeZone: 'Europe/Istanbul',
      utc: '1990-08-01T11:30:00Z', // summer time, UTC+3, in 1990
      utcOffset: '+03:00',
      time: '14:30',
    });
    expect(chart.houseSystem).toBe('placidus');
    expect(chart.houses).toHaveLength(12);
    expect(chart.ascendant?.longitude).toBe(chart.houses[0]?.longitude);
    expect(chart.midheaven?.longitude).toBe(chart.houses[9]?.longitude);
    expect(chart.positions.find((p) => p.body === 'sun')).toMatchObject({ sign: 'leo' });
    for (const p of chart.positions) expect(p.house).toBeGreaterThanOrEqual(1);
    // Early afternoon: the Sun has passed the meridian, so it stands in the 9th house (just west of the MC).
    expect(chart.positions.find((p) => p.body === 'sun')?.house).toBe(9);
    expect(chart.moonSignsThatDay).toBeNull();
  });

  it('names the birth city as the reading’s language writes it', () => {
    const input = { birthDate: '1990-08-01', cityId: 'istanbul-tr' };
    expect(computeBirthChart(input).birth).toMatchObject({ city: 'Istanbul', localName: 'Istanbul' });
    expect(computeBirthChart(input, 'tr').birth).toMatchObject({ city: 'Istanbul', localName: 'İstanbul' });
    expect(computeBirthChart({ ...input, cityId: 'munich-de' }, 'tr').birth.localName).toBe('München');
    // Not in Latin letters: the English name.
    expect(computeBirthChart({ ...input, cityId: 'moscow-ru' }, 'tr').birth.localName).toBe('Moscow');
  });

  it('turns a skipped local time forward (New York, 10 March 2024, 02:30 → 03:30 EDT)', () => {
    const chart = computeBirthChart({ birthDate: '2024-03-10', birthTime: '02:30', cityId: 'new-york-us' });
    expect(chart.birth.utc).toBe('2024-03-10T07:30:00Z');
    expect(chart.birth.utcOffset).toBe('-04:00');
  });

  it('without a time: positions at local noon, no ascendant or houses, the Moon’s signs that day', () => {
    const chart = computeBirthChart({ birthDate: '1990-08-01', cityId: 'istanbul-tr' });
    expect(chart.birth.utc).toBe('1990-08-01T09:00:00Z');
    expect(chart.birth.time).toBeNull();
    expect(chart).toMatchObject({ ascendant: null, midheaven: null, houseSystem: null, houses: [] });
    expect(chart.positions.every((p) => p.house === null)).toBe(true);
    expect(chart.moonSignsThatDay).toHaveLength(2);
    expect(chart.moonSignsThatDay).toContain(chart.positions.find((p) => p.body === 'moon')?.sign);
  });

  it('uses equal houses for a birth in Tromsø (69.6° N)', () => {
    const chart = computeBirthChart({ birthDate: '1988-06-21', birthTime: '23:00', cityId: 'tromso-no' });
    expect(chart.houseSystem).toBe('equal');
    expect(chart.houses).toHaveLength(12);
  });

  it('refuses a city that is not in the list, at the field', () => {
    let error: unknown;
    try {
      computeBirthChart({ birthDate: '1990-08-01', cityId: 'atlantis-xx' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
      details: { fields: [{ path: 'cityId', message: HOROSCOPE_VALIDATION_MESSAGES.invalidCity }] },
    });
  });
});
