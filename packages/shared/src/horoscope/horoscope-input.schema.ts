import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../auth/validation-messages.ts';
import { isMonthDay, signFromBirthDate, ZODIAC_SIGN_SLUGS, type ZodiacSign } from './zodiac.ts';

/**
 * Messages of the horoscope inputs. `required` and `horoscopeTypeRequired` are the spec's texts
 * (§5, "selecet" spelled as given); the others are ours, written in the same style. The web app
 * shows them translated by key (validation namespace), like VALIDATION_MESSAGES.
 */
export const HOROSCOPE_VALIDATION_MESSAGES = {
  required: VALIDATION_MESSAGES.required,
  horoscopeTypeRequired: VALIDATION_MESSAGES.horoscopeTypeRequired,
  invalidSign: 'Choose one of the twelve signs',
  invalidBirthDate: 'Enter a valid birth date',
  birthDateInFuture: 'The birth date cannot be in the future',
  invalidBirthTime: 'Enter a valid time (HH:MM)',
  invalidCity: 'Choose a city from the list',
} as const;
const M = HOROSCOPE_VALIDATION_MESSAGES;
export type HoroscopeValidationKey = keyof typeof HOROSCOPE_VALIDATION_MESSAGES;

/** The key of a horoscope input message, so the web shows it in the person's language. */
export function horoscopeValidationKeyOf(message: string): HoroscopeValidationKey | undefined {
  return (Object.keys(M) as HoroscopeValidationKey[]).find((k) => M[k] === message);
}

export const EARLIEST_BIRTH_YEAR = 1900;
// The calendar date is already "today" somewhere while it is still yesterday in UTC: UTC+14.
const LATEST_ZONE_OFFSET_MS = 14 * 3600 * 1000;

/** 'YYYY-MM-DD' → parts, or undefined when it is not a real calendar date. */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!isMonthDay(month, day)) return undefined;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (month === 2 && day === 29 && !leap) return undefined;
  return { year, month, day };
}

/** 'HH:MM' (24-hour) → parts, or undefined. */
export function parseClockTime(value: string): { hour: number; minute: number } | undefined {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  return m ? { hour: Number(m[1]), minute: Number(m[2]) } : undefined;
}

export const zodiacSignSchema = z.enum(ZODIAC_SIGN_SLUGS, { error: M.invalidSign });

export const birthDateSchema = z
  .string({ error: M.required })
  .trim()
  .min(1, { message: M.required, abort: true })
  .refine(
    (v) => {
      const d = parseIsoDate(v);
      return d !== undefined && d.year >= EARLIEST_BIRTH_YEAR;
    },
    { message: M.invalidBirthDate, abort: true },
  )
  .refine((v) => v <= new Date(Date.now() + LATEST_ZONE_OFFSET_MS).toISOString().slice(0, 10), M.birthDateInFuture);

export const birthTimeSchema = z
  .string({ error: M.invalidBirthTime })
  .trim()
  .refine((v) => parseClockTime(v) !== undefined, M.invalidBirthTime);

/**
 * An IANA time zone name as a browser reports it (`Intl.DateTimeFormat().resolvedOptions()
 * .timeZone`): "Europe/Istanbul", "America/Argentina/Buenos_Aires", "Etc/GMT+3", "UTC". Only the
 * shape is checked here; a well-formed zone the server does not know counts as UTC there.
 */
export const timeZoneSchema = z
  .string()
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/, 'Not a time zone name');

/** A city of the server's bundled list (GET its search to pick one); the server checks it exists. */
export const cityIdSchema = z
  .string({ error: M.required })
  .trim()
  .min(1, { message: M.required, abort: true })
  .max(80, { message: M.invalidCity, abort: true })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, M.invalidCity);

/**
 * One person: a sun sign from the picker, or a birth date (the sign is derived). When both are
 * sent the birth date decides, so a remembered sign never overrides a date just typed.
 */
export const personInputSchema = z
  .object(
    { sign: zodiacSignSchema.optional(), birthDate: birthDateSchema.optional() },
    { error: (issue) => (issue.code === 'invalid_type' ? M.required : undefined) },
  )
  .strict()
  .refine((p) => p.sign !== undefined || p.birthDate !== undefined, { message: M.required, path: ['sign'] });
export type PersonInput = z.infer<typeof personInputSchema>;

/**
 * Where the person is: their day starts at their local midnight, so "today", "this week" and the
 * moments of the period's events are theirs (UTC without it).
 */
const zoneField = { timeZone: timeZoneSchema.optional() };

const signReading = <T extends 'daily' | 'weekly' | 'monthly' | 'love' | 'career'>(type: T) =>
  z.object({ type: z.literal(type), person: personInputSchema, ...zoneField }).strict();

export const dailyHoroscopeInputSchema = signReading('daily');
export const weeklyHoroscopeInputSchema = signReading('weekly');
export const monthlyHoroscopeInputSchema = signReading('monthly');
export const loveHoroscopeInputSchema = signReading('love');
export const careerHoroscopeInputSchema = signReading('career');

export const compatibilityHoroscopeInputSchema = z
  .object({ type: z.literal('compatibility'), person: personInputSchema, partner: personInputSchema, ...zoneField })
  .strict();

export const birthChartHoroscopeInputSchema = z
  .object({
    type: z.literal('birth-chart'),
    birthDate: birthDateSchema,
    /** Local clock time at the birth place; without it there is no ascendant and no houses. */
    birthTime: birthTimeSchema.optional(),
    cityId: cityIdSchema,
    ...zoneField,
  })
  .strict();

/**
 * The horoscope tool's structured input, carried by a chat request beside the user's message.
 * A missing or unknown type fails with the spec's "Please selecet an horoscope type." at `type`.
 */
export const horoscopeInputSchema = z.discriminatedUnion(
  'type',
  [
    dailyHoroscopeInputSchema,
    weeklyHoroscopeInputSchema,
    monthlyHoroscopeInputSchema,
    loveHoroscopeInputSchema,
    careerHoroscopeInputSchema,
    compatibilityHoroscopeInputSchema,
    birthChartHoroscopeInputSchema,
  ],
  // The union's own issues are a missing or unknown type, or no input object at all.
  {
    error: (issue) =>
      issue.code === 'invalid_union' || issue.code === 'invalid_type' ? M.horoscopeTypeRequired : undefined,
  },
);
export type HoroscopeInput = z.infer<typeof horoscopeInputSchema>;
export type BirthChartHoroscopeInput = z.infer<typeof birthChartHoroscopeInputSchema>;
export type CompatibilityHoroscopeInput = z.infer<typeof compatibilityHoroscopeInputSchema>;

/** The sun sign of a validated person: from the birth date when given, else the chosen sign. */
export function resolvePersonSign(person: PersonInput): ZodiacSign {
  if (person.birthDate !== undefined) {
    const d = parseIsoDate(person.birthDate);
    if (d) return signFromBirthDate(d.month, d.day);
  }
  if (person.sign !== undefined) return person.sign;
  throw new Error('A person needs a sign or a birth date');
}
