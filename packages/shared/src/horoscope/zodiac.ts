/**
 * The twelve tropical zodiac signs, in ecliptic order: sign i covers ecliptic longitudes
 * [30·i, 30·i + 30). The date ranges are the conventional sun-sign table printed in horoscope
 * columns; the Sun's real ingress moves by a day from year to year, which is why the server
 * computes positions instead of reading this table.
 */
export const ZODIAC_SIGN_SLUGS = [
  'aries',
  'taurus',
  'gemini',
  'cancer',
  'leo',
  'virgo',
  'libra',
  'scorpio',
  'sagittarius',
  'capricorn',
  'aquarius',
  'pisces',
] as const;
export type ZodiacSign = (typeof ZODIAC_SIGN_SLUGS)[number];

export type ZodiacElement = 'fire' | 'earth' | 'air' | 'water';
export type ZodiacModality = 'cardinal' | 'fixed' | 'mutable';
export type MonthDay = { month: number; day: number };

export type ZodiacSignInfo = {
  slug: ZodiacSign;
  symbol: string;
  element: ZodiacElement;
  modality: ZodiacModality;
  /** First and last day (inclusive) of the conventional sun-sign range. */
  start: MonthDay;
  end: MonthDay;
  /** Names for the server's prompts and texts; the web app may show its own locale texts. */
  name: { en: string; tr: string };
};

const sign = (
  slug: ZodiacSign,
  symbol: string,
  element: ZodiacElement,
  modality: ZodiacModality,
  start: [number, number],
  end: [number, number],
  en: string,
  tr: string,
): ZodiacSignInfo => ({
  slug,
  symbol,
  element,
  modality,
  start: { month: start[0], day: start[1] },
  end: { month: end[0], day: end[1] },
  name: { en, tr },
});

export const ZODIAC_SIGNS: readonly ZodiacSignInfo[] = [
  sign('aries', '♈', 'fire', 'cardinal', [3, 21], [4, 19], 'Aries', 'Koç'),
  sign('taurus', '♉', 'earth', 'fixed', [4, 20], [5, 20], 'Taurus', 'Boğa'),
  sign('gemini', '♊', 'air', 'mutable', [5, 21], [6, 20], 'Gemini', 'İkizler'),
  sign('cancer', '♋', 'water', 'cardinal', [6, 21], [7, 22], 'Cancer', 'Yengeç'),
  sign('leo', '♌', 'fire', 'fixed', [7, 23], [8, 22], 'Leo', 'Aslan'),
  sign('virgo', '♍', 'earth', 'mutable', [8, 23], [9, 22], 'Virgo', 'Başak'),
  sign('libra', '♎', 'air', 'cardinal', [9, 23], [10, 22], 'Libra', 'Terazi'),
  sign('scorpio', '♏', 'water', 'fixed', [10, 23], [11, 21], 'Scorpio', 'Akrep'),
  sign('sagittarius', '♐', 'fire', 'mutable', [11, 22], [12, 21], 'Sagittarius', 'Yay'),
  sign('capricorn', '♑', 'earth', 'cardinal', [12, 22], [1, 19], 'Capricorn', 'Oğlak'),
  sign('aquarius', '♒', 'air', 'fixed', [1, 20], [2, 18], 'Aquarius', 'Kova'),
  sign('pisces', '♓', 'water', 'mutable', [2, 19], [3, 20], 'Pisces', 'Balık'),
];

const BY_SLUG = new Map(ZODIAC_SIGNS.map((s) => [s.slug, s]));

export function zodiacSign(slug: ZodiacSign): ZodiacSignInfo {
  const info = BY_SLUG.get(slug);
  if (!info) throw new Error(`Unknown zodiac sign: ${slug}`);
  return info;
}

export function isZodiacSign(value: unknown): value is ZodiacSign {
  return typeof value === 'string' && BY_SLUG.has(value as ZodiacSign);
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** True for a real month/day pair (29 February counts: a birthday, not a particular year). */
export function isMonthDay(month: number, day: number): boolean {
  return (
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= (DAYS_IN_MONTH[month - 1] ?? 0)
  );
}

/** Ordinal of a month/day within the year as a comparable number (e.g. 3/21 → 321). */
const ordinal = ({ month, day }: MonthDay) => month * 100 + day;

/**
 * The sun sign of a birthday (month 1–12, day 1–31) from the conventional table. Throws on an
 * impossible date; a caller validating input should check `isMonthDay` first.
 */
export function signFromBirthDate(month: number, day: number): ZodiacSign {
  if (!isMonthDay(month, day)) throw new RangeError(`Not a calendar day: ${month}/${day}`);
  const at = ordinal({ month, day });
  for (const s of ZODIAC_SIGNS) {
    const start = ordinal(s.start);
    const end = ordinal(s.end);
    // Capricorn wraps over the new year.
    const inside = start <= end ? at >= start && at <= end : at >= start || at <= end;
    if (inside) return s.slug;
  }
  throw new Error('The sign table leaves a gap');
}

/** Longitude in degrees normalised to [0, 360): an ephemeris can return 360.000 at an equinox. */
export function normalizeDegrees(degrees: number): number {
  const d = degrees % 360;
  const n = d < 0 ? d + 360 : d;
  // -1e-15 % 360 + 360 rounds to 360 in floating point.
  return n >= 360 ? 0 : n;
}

/** The sign an ecliptic longitude falls in, and the degree within it ([0, 30)). */
export function signOfLongitude(longitude: number): { sign: ZodiacSign; degree: number } {
  const lon = normalizeDegrees(longitude);
  const index = Math.min(11, Math.floor(lon / 30));
  return { sign: ZODIAC_SIGN_SLUGS[index] as ZodiacSign, degree: lon - index * 30 };
}

export function signIndex(slug: ZodiacSign): number {
  return ZODIAC_SIGN_SLUGS.indexOf(slug);
}
