/**
 * Intl formatters, each built once per language and options. Building one costs far more than
 * using it (on a phone about a millisecond each, and /payment's plan cards built one per price:
 * half of the render that follows the first paint, B8), while the combinations in use are few.
 * A constructor that throws (an unknown currency or time zone) is not remembered and throws again.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function keyOf(locale: string | undefined, options: object): string {
  return `${locale ?? ''}\u0000${JSON.stringify(options)}`;
}

export function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = keyOf(locale, options);
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

export function dateTimeFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat {
  const key = keyOf(locale, options);
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}
