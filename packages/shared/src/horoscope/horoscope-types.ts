/**
 * The horoscope types offered at /horoscope/:pathId (pathId = slug). Each covers a period of the
 * real sky that the server computes: a day, a week or a month from the person's today, or, for a
 * birth chart, the moment of birth (with today's sky beside it for the "sky now" panel).
 */
export const HOROSCOPE_TYPE_SLUGS = [
  'daily',
  'weekly',
  'monthly',
  'love',
  'career',
  'compatibility',
  'birth-chart',
] as const;
export type HoroscopeType = (typeof HOROSCOPE_TYPE_SLUGS)[number];

export type HoroscopePeriodKind = 'day' | 'week' | 'month' | 'natal';

/** What a type reads: one person's sun sign, a pair of signs, or a birth moment and place. */
export type HoroscopeSubject = 'sign' | 'pair' | 'birth';

export type HoroscopeTypeInfo = { slug: HoroscopeType; period: HoroscopePeriodKind; subject: HoroscopeSubject };

export const HOROSCOPE_TYPES: readonly HoroscopeTypeInfo[] = [
  { slug: 'daily', period: 'day', subject: 'sign' },
  { slug: 'weekly', period: 'week', subject: 'sign' },
  { slug: 'monthly', period: 'month', subject: 'sign' },
  { slug: 'love', period: 'week', subject: 'sign' },
  { slug: 'career', period: 'month', subject: 'sign' },
  { slug: 'compatibility', period: 'month', subject: 'pair' },
  { slug: 'birth-chart', period: 'natal', subject: 'birth' },
];

/**
 * Length of each period in days, counted from the start of the person's local today: a reading
 * always looks ahead, so a "monthly" reading asked on the 28th still covers a month.
 * A natal reading shows today's sky (one day) beside the chart.
 */
export const HOROSCOPE_PERIOD_DAYS: Record<HoroscopePeriodKind, number> = { day: 1, week: 7, month: 30, natal: 1 };

export function isHoroscopeType(value: unknown): value is HoroscopeType {
  return typeof value === 'string' && (HOROSCOPE_TYPE_SLUGS as readonly string[]).includes(value);
}

export function horoscopeTypeInfo(slug: HoroscopeType): HoroscopeTypeInfo {
  const info = HOROSCOPE_TYPES.find((t) => t.slug === slug);
  if (!info) throw new Error(`Unknown horoscope type: ${slug}`);
  return info;
}

/**
 * The function a horoscope reading's model calls for the computed sky (its result is
 * `HoroscopeFacts`); the page draws the call as the reading's "sky facts".
 */
export const HOROSCOPE_SKY_FUNCTION = 'horoscope_sky';
