import { type HoroscopeInput, horoscopeFactsSchema, horoscopeInputSchema } from '@polymath/shared';
import { describe, expect, it } from 'vitest';
import { compatibilityOf } from './compatibility.ts';
import { describeBirthChart, describeSkyFacts } from './describe-sky.ts';
import { computeHoroscopeFacts } from './horoscope-facts.ts';
import { periodFor } from './horoscope-period.ts';

// 2024-04-10 12:00 in Istanbul: Sun in Aries, Moon in Taurus, Mercury retrograde in Aries.
const now = new Date('2024-04-10T09:00:00Z');
const facts = (input: unknown, timeZone = 'Europe/Istanbul') =>
  computeHoroscopeFacts(horoscopeInputSchema.parse(input) as HoroscopeInput, { now, timeZone });

describe('periodFor', () => {
  it('covers the local day, the next 7 days or the next 30 days', () => {
    const day = periodFor('day', now, 'Europe/Istanbul');
    expect([day.start.toISOString(), day.end.toISOString()]).toEqual([
      '2024-04-09T21:00:00.000Z',
      '2024-04-10T21:00:00.000Z',
    ]);
    expect(periodFor('week', now, 'Europe/Istanbul').end.toISOString()).toBe('2024-04-16T21:00:00.000Z');
    expect(periodFor('month', now, 'Europe/Istanbul').end.toISOString()).toBe('2024-05-09T21:00:00.000Z');
    // In New York the week of 10 March 2024 is an hour short.
    const week = periodFor('week', new Date('2024-03-09T15:00:00Z'), 'America/New_York');
    expect((week.end.getTime() - week.start.getTime()) / 3_600_000).toBe(7 * 24 - 1);
  });
});

describe('computeHoroscopeFacts', () => {
  it('gives a sign reading the sky of its period and the solar houses of the sign', () => {
    const daily = facts({ type: 'daily', person: { sign: 'leo' } });
    expect(horoscopeFactsSchema.parse(daily)).toEqual(daily);
    expect(daily.sky.period).toEqual({
      start: '2024-04-09T21:00:00Z',
      end: '2024-04-10T21:00:00Z',
      timeZone: 'Europe/Istanbul',
    });
    expect(daily.person).toMatchObject({ sign: 'leo', birthDate: null });
    // Leo is the 1st solar house of a Leo: Aries is the 9th, Taurus the 10th.
    expect(daily.person?.solarHouses).toMatchObject({ sun: 9, moon: 10, mercury: 9 });
    expect(daily).toMatchObject({ partner: null, compatibility: null, chart: null });

    const monthly = facts({ type: 'monthly', person: { birthDate: '1990-08-01' } });
    expect(monthly.person).toMatchObject({ sign: 'leo', birthDate: '1990-08-01' });
    expect(monthly.sky.period.end).toBe('2024-05-09T21:00:00Z');
    expect(monthly.sky.ingresses.length).toBeGreaterThan(daily.sky.ingresses.length);
  });

  it('relates two signs for compatibility', () => {
    const pair = facts({ type: 'compatibility', person: { sign: 'aries' }, partner: { birthDate: '1992-10-01' } });
    expect(pair.partner?.sign).toBe('libra');
    expect(pair.compatibility).toEqual({
      distance: 6,
      aspect: 'opposition',
      elements: 'complementary',
      modalities: 'same',
    });
  });

  it('computes the chart for a birth chart', () => {
    const chart = facts({ type: 'birth-chart', birthDate: '1990-08-01', birthTime: '14:30', cityId: 'istanbul-tr' });
    expect(chart.chart?.birth.utc).toBe('1990-08-01T11:30:00Z');
    expect(chart.person).toBeNull();
    expect(chart.sky.positions).toHaveLength(7);
  });

  it('takes the day in UTC when the zone is unknown', () => {
    const daily = facts({ type: 'daily', person: { sign: 'leo' } }, 'Not/AZone');
    expect(daily.sky.period).toEqual({ start: '2024-04-10T00:00:00Z', end: '2024-04-11T00:00:00Z', timeZone: 'UTC' });
  });
});

describe('compatibilityOf', () => {
  it.each([
    ['leo', 'leo', 0, 'same-sign', 'same', 'same'],
    ['aries', 'taurus', 1, 'semi-sextile', 'contrasting', 'different'],
    ['aries', 'gemini', 2, 'sextile', 'complementary', 'different'],
    ['aries', 'cancer', 3, 'square', 'contrasting', 'same'],
    ['aries', 'leo', 4, 'trine', 'same', 'different'],
    ['aries', 'virgo', 5, 'quincunx', 'contrasting', 'different'],
    ['taurus', 'scorpio', 6, 'opposition', 'complementary', 'same'],
    ['pisces', 'aries', 1, 'semi-sextile', 'contrasting', 'different'],
  ] as const)('%s and %s', (a, b, distance, aspect, elements, modalities) => {
    expect(compatibilityOf(a, b)).toEqual({ distance, aspect, elements, modalities });
    expect(compatibilityOf(b, a)).toEqual({ distance, aspect, elements, modalities });
  });
});

describe('describeSkyFacts', () => {
  it('lists positions and the period’s events in both languages', () => {
    const sky = facts({ type: 'weekly', person: { sign: 'leo' } }).sky;
    const en = describeSkyFacts(sky, 'en');
    expect(en.positions[0]).toMatch(/^☉ Sun: 20°\d\d′ Aries ♈$/);
    expect(en.positions[1]).toMatch(/^☽ Moon: \d+°\d\d′ Taurus ♉ \(waxing crescent, \d+% lit\)$/);
    expect(en.positions[2]).toMatch(/^☿ Mercury: \d+°\d\d′ Aries ♈, retrograde$/);
    // The first quarter of 15 April 2024 (19:13 UTC) falls in the week, in Cancer.
    expect(en.events.some((e) => /^15 Apr, 22:1\d GMT\+3 — First quarter in Cancer ♋$/.test(e))).toBe(true);
    expect(en.events.some((e) => /Moon enters Gemini ♊$/.test(e))).toBe(true);

    const tr = describeSkyFacts(sky, 'tr');
    expect(tr.positions[0]).toMatch(/^☉ Güneş: 20°\d\d′ Koç ♈$/);
    expect(tr.positions[2]).toMatch(/Merkür: .* Koç ♈, geri harekette$/);
    expect(tr.events.some((e) => /Yengeç ♋ burcunda ilk dördün$/.test(e))).toBe(true);
    expect(tr.events.some((e) => /Ay İkizler ♊ burcuna geçiyor$/.test(e))).toBe(true);
  });

  it('describes a chart with and without a birth time', () => {
    const withTime = facts({ type: 'birth-chart', birthDate: '1990-08-01', birthTime: '14:30', cityId: 'istanbul-tr' });
    const lines = describeBirthChart(withTime.chart ?? (undefined as never), 'en');
    expect(lines[0]).toBe('Birth: 1990-08-01 14:30, Istanbul (TR), UTC 1990-08-01T11:30:00Z (+03:00)');
    expect(lines[1]).toMatch(/^Ascendant: .*; house system: Placidus$/);
    expect(lines.some((l) => /^☉ Sun: \d+°\d\d′ Leo ♌ — house 9 \(/.test(l))).toBe(true);

    const noTime = facts({ type: 'birth-chart', birthDate: '1990-08-01', cityId: 'istanbul-tr' });
    const trLines = describeBirthChart(noTime.chart ?? (undefined as never), 'tr');
    expect(trLines[1]).toBe('Doğum saati olmadan yükselen burç ve evler hesaplanamaz.');
  });
});
