/**
 * Intl formatters, each built once per language and options. Building one costs far more than
 * using it (at a phone's speed a currency formatter took tens of milliseconds, and /payment's plan
 * cards built one per price: half of the render that follows the first paint, B8), while the
 * combinations in use are few.
 * A constructor that throws (an unknown currency or time zone) is not remembered and throws again.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function remembered<F>(formats: Map<string, F>, locale: string | undefined, options: object, make: () => F): F {
  const key = `${locale ?? ''}\u0000${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

export function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return remembered(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat {
  return remembered(dateTimeFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}

/** 1.2 MB, 340 KB: sizes as people read them, in the page's language. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return numberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
