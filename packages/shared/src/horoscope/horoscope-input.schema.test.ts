import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '../auth/validation-messages.ts';
import {
  horoscopeInputSchema,
  horoscopeValidationKeyOf,
  HOROSCOPE_VALIDATION_MESSAGES as M,
  parseIsoDate,
  resolvePersonSign,
} from './horoscope-input.schema.ts';
import { HOROSCOPE_TYPE_SLUGS, HOROSCOPE_TYPES, isHoroscopeType } from './horoscope-types.ts';

/** The issues a value produces, as "path: message". */
function issues(value: unknown): string[] {
  const result = horoscopeInputSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

const isoDaysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('horoscope types', () => {
  it('offers the spec types, each with its period', () => {
    expect(HOROSCOPE_TYPE_SLUGS).toEqual([
      'daily',
      'weekly',
      'monthly',
      'love',
      'career',
      'compatibility',
      'birth-chart',
    ]);
    expect(Object.fromEntries(HOROSCOPE_TYPES.map((t) => [t.slug, t.period]))).toEqual({
      daily: 'day',
      weekly: 'week',
      monthly: 'month',
      love: 'week',
      career: 'month',
      compatibility: 'month',
      'birth-chart': 'natal',
    });
    expect(isHoroscopeType('birth-chart')).toBe(true);
    expect(isHoroscopeType('tarot')).toBe(false);
  });
});

describe('horoscopeInputSchema', () => {
  it('asks for a type in the spec words, spelled as given, when none is chosen', () => {
    expect(M.horoscopeTypeRequired).toBe('Please selecet an horoscope type.');
    expect(M.horoscopeTypeRequired).toBe(VALIDATION_MESSAGES.horoscopeTypeRequired);
    for (const value of [{}, { type: '' }, { type: 'tarot' }, { person: { sign: 'leo' } }, undefined, null]) {
      const result = horoscopeInputSchema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual(['Please selecet an horoscope type.']);
    }
    expect(issues({ person: { sign: 'leo' } })).toEqual(['type: Please selecet an horoscope type.']);
  });

  it('accepts a sign or a birth date for every single-sign type', () => {
    for (const type of ['daily', 'weekly', 'monthly', 'love', 'career'] as const) {
      expect(horoscopeInputSchema.parse({ type, person: { sign: 'leo' } })).toEqual({ type, person: { sign: 'leo' } });
      expect(horoscopeInputSchema.parse({ type, person: { birthDate: '1990-08-01' } }).type).toBe(type);
    }
  });

  it('needs a sign or a birth date, with the spec message', () => {
    expect(issues({ type: 'daily', person: {} })).toEqual([`person.sign: ${VALIDATION_MESSAGES.required}`]);
    expect(issues({ type: 'daily' })).toEqual([`person: ${VALIDATION_MESSAGES.required}`]);
  });

  it('refuses an unknown sign, a bad date and a future date', () => {
    expect(issues({ type: 'love', person: { sign: 'dragon' } })).toEqual([`person.sign: ${M.invalidSign}`]);
    expect(issues({ type: 'love', person: { birthDate: '1990-02-30' } })).toEqual([
      `person.birthDate: ${M.invalidBirthDate}`,
    ]);
    expect(issues({ type: 'love', person: { birthDate: '2023-02-29' } })).toEqual([
      `person.birthDate: ${M.invalidBirthDate}`,
    ]);
    expect(issues({ type: 'love', person: { birthDate: '01/08/1990' } })).toEqual([
      `person.birthDate: ${M.invalidBirthDate}`,
    ]);
    expect(issues({ type: 'love', person: { birthDate: '1899-12-31' } })).toEqual([
      `person.birthDate: ${M.invalidBirthDate}`,
    ]);
    expect(issues({ type: 'love', person: { birthDate: isoDaysFromNow(3) } })).toEqual([
      `person.birthDate: ${M.birthDateInFuture}`,
    ]);
    expect(issues({ type: 'love', person: { birthDate: '2024-02-29' } })).toEqual([]);
    expect(issues({ type: 'love', person: { birthDate: isoDaysFromNow(0) } })).toEqual([]);
  });

  it('takes two people for compatibility', () => {
    expect(issues({ type: 'compatibility', person: { sign: 'aries' }, partner: { birthDate: '1992-10-01' } })).toEqual(
      [],
    );
    expect(issues({ type: 'compatibility', person: { sign: 'aries' } })).toEqual([
      `partner: ${VALIDATION_MESSAGES.required}`,
    ]);
    expect(issues({ type: 'compatibility', person: { sign: 'aries' }, partner: {} })).toEqual([
      `partner.sign: ${VALIDATION_MESSAGES.required}`,
    ]);
  });

  it('takes a date, an optional time and a city for a birth chart', () => {
    expect(issues({ type: 'birth-chart', birthDate: '1990-08-01', cityId: 'istanbul-tr' })).toEqual([]);
    expect(issues({ type: 'birth-chart', birthDate: '1990-08-01', birthTime: '07:05', cityId: 'istanbul-tr' })).toEqual(
      [],
    );
    expect(issues({ type: 'birth-chart', birthDate: '1990-08-01', birthTime: '24:00', cityId: 'istanbul-tr' })).toEqual(
      [`birthTime: ${M.invalidBirthTime}`],
    );
    expect(issues({ type: 'birth-chart', birthDate: '1990-08-01', birthTime: '7:5', cityId: 'istanbul-tr' })).toEqual([
      `birthTime: ${M.invalidBirthTime}`,
    ]);
    expect(issues({ type: 'birth-chart', birthDate: '1990-08-01', cityId: 'Not a city!' })).toEqual([
      `cityId: ${M.invalidCity}`,
    ]);
    expect(issues({ type: 'birth-chart', birthDate: '', cityId: '' })).toEqual([
      `birthDate: ${VALIDATION_MESSAGES.required}`,
      `cityId: ${VALIDATION_MESSAGES.required}`,
    ]);
    expect(issues({ type: 'birth-chart', cityId: 'istanbul-tr' })).toEqual([
      `birthDate: ${VALIDATION_MESSAGES.required}`,
    ]);
  });

  it('refuses fields a type does not take', () => {
    expect(issues({ type: 'daily', person: { sign: 'leo' }, partner: { sign: 'leo' } })).toEqual([
      ': Unrecognized key: "partner"',
    ]);
    expect(issues({ type: 'daily', person: { sign: 'leo', name: 'x' } })).toEqual(['person: Unrecognized key: "name"']);
  });
});

describe('resolvePersonSign', () => {
  it('derives the sign from the birth date, which wins over a remembered sign', () => {
    expect(resolvePersonSign({ sign: 'leo' })).toBe('leo');
    expect(resolvePersonSign({ birthDate: '1990-03-21' })).toBe('aries');
    expect(resolvePersonSign({ sign: 'leo', birthDate: '1990-12-25' })).toBe('capricorn');
  });

  it('parses ISO dates strictly', () => {
    expect(parseIsoDate('2000-02-29')).toEqual({ year: 2000, month: 2, day: 29 });
    expect(parseIsoDate('1900-02-29')).toBeUndefined();
    expect(parseIsoDate('2024-13-01')).toBeUndefined();
  });
});

describe('the person’s time zone', () => {
  it('is carried by every type, as a browser names it', () => {
    for (const timeZone of [
      'Europe/Istanbul',
      'America/Argentina/Buenos_Aires',
      'Etc/GMT+3',
      'UTC',
      'America/Port-au-Prince',
    ]) {
      expect(horoscopeInputSchema.parse({ type: 'daily', person: { sign: 'leo' }, timeZone }).timeZone).toBe(timeZone);
    }
    expect(
      horoscopeInputSchema.parse({ type: 'birth-chart', birthDate: '1990-08-01', cityId: 'izmir-tr', timeZone: 'UTC' }),
    ).toMatchObject({ timeZone: 'UTC' });
    expect(
      horoscopeInputSchema.parse({
        type: 'compatibility',
        person: { sign: 'leo' },
        partner: { sign: 'aries' },
        timeZone: 'Asia/Tokyo',
      }),
    ).toMatchObject({ timeZone: 'Asia/Tokyo' });
  });

  it('refuses what cannot be a zone name', () => {
    for (const timeZone of ['../etc', 'Europe/', '', 'A'.repeat(65), 'Europe Istanbul', 3]) {
      expect(issues({ type: 'daily', person: { sign: 'leo' }, timeZone })).toHaveLength(1);
    }
  });
});

describe('horoscopeValidationKeyOf', () => {
  it('finds the key of every input message, so the web shows it translated', () => {
    for (const [key, message] of Object.entries(M)) expect(horoscopeValidationKeyOf(message)).toBe(key);
    expect(horoscopeValidationKeyOf('Something else')).toBeUndefined();
  });
});
