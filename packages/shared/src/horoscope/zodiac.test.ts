import { describe, expect, it } from 'vitest';
import {
  isMonthDay,
  normalizeDegrees,
  signFromBirthDate,
  signOfLongitude,
  ZODIAC_SIGN_SLUGS,
  ZODIAC_SIGNS,
  zodiacSign,
} from './zodiac.ts';

describe('zodiac signs', () => {
  it('lists the twelve signs in ecliptic order with symbols and ranges', () => {
    expect(ZODIAC_SIGNS.map((s) => s.slug)).toEqual([...ZODIAC_SIGN_SLUGS]);
    expect(ZODIAC_SIGNS.map((s) => s.symbol).join('')).toBe('♈♉♊♋♌♍♎♏♐♑♒♓');
    expect(zodiacSign('scorpio')).toMatchObject({
      element: 'water',
      modality: 'fixed',
      start: { month: 10, day: 23 },
      end: { month: 11, day: 21 },
      name: { en: 'Scorpio', tr: 'Akrep' },
    });
  });

  it.each([
    [3, 20, 'pisces'],
    [3, 21, 'aries'],
    [4, 19, 'aries'],
    [4, 20, 'taurus'],
    [6, 20, 'gemini'],
    [6, 21, 'cancer'],
    [7, 22, 'cancer'],
    [7, 23, 'leo'],
    [9, 22, 'virgo'],
    [9, 23, 'libra'],
    [11, 21, 'scorpio'],
    [11, 22, 'sagittarius'],
    [12, 21, 'sagittarius'],
    [12, 22, 'capricorn'],
    [12, 31, 'capricorn'],
    [1, 1, 'capricorn'],
    [1, 19, 'capricorn'],
    [1, 20, 'aquarius'],
    [2, 18, 'aquarius'],
    [2, 19, 'pisces'],
    [2, 29, 'pisces'],
  ])('%i/%i is %s', (month, day, sign) => {
    expect(signFromBirthDate(month, day)).toBe(sign);
  });

  it('gives every day of the year exactly one sign, each sign a run of consecutive days', () => {
    const seen: string[] = [];
    for (let month = 1; month <= 12; month++) {
      for (let day = 1; day <= 31; day++) if (isMonthDay(month, day)) seen.push(signFromBirthDate(month, day));
    }
    expect(seen).toHaveLength(366);
    // Runs: Capricorn at both ends of the calendar year, every other sign once.
    const runs = seen.filter((s, i) => i === 0 || s !== seen[i - 1]);
    expect(runs).toEqual(['capricorn', ...ZODIAC_SIGN_SLUGS.slice(10), ...ZODIAC_SIGN_SLUGS.slice(0, 10)]);
  });

  it('refuses impossible dates', () => {
    expect(() => signFromBirthDate(2, 30)).toThrow(RangeError);
    expect(() => signFromBirthDate(13, 1)).toThrow(RangeError);
    expect(() => signFromBirthDate(4, 31)).toThrow(RangeError);
  });

  it('normalises longitudes to [0, 360) before taking the sign', () => {
    expect(normalizeDegrees(360)).toBe(0);
    expect(normalizeDegrees(-1e-15)).toBe(0);
    expect(normalizeDegrees(-30)).toBe(330);
    expect(normalizeDegrees(725)).toBe(5);
    expect(signOfLongitude(360)).toEqual({ sign: 'aries', degree: 0 });
    expect(signOfLongitude(359.9999).sign).toBe('pisces');
    expect(signOfLongitude(-0.5).sign).toBe('pisces');
    expect(signOfLongitude(133.17)).toMatchObject({ sign: 'leo' });
    expect(signOfLongitude(133.17).degree).toBeCloseTo(13.17, 10);
  });
});
