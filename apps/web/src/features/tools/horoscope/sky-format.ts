import { type Locale, type ZodiacSign, zodiacSign } from '@polymath/shared';
import { dateTimeFormat } from '../../../lib/intl/formatters.ts';

/** Dates and numbers in the person's language (the sky's times in the zone the facts name). */
const intlLocale = (locale: Locale) => (locale === 'tr' ? 'tr-TR' : 'en-GB');

/** 29.99 → "29°59′" (truncated, as ephemerides print degrees and minutes). */
export function formatDegree(degree: number): string {
  const whole = Math.floor(degree);
  const minutes = Math.min(59, Math.floor((degree - whole) * 60 + 1e-6));
  return `${whole}°${String(minutes).padStart(2, '0')}′`;
}

/** "Leo" / "Aslan" */
export function signName(sign: ZodiacSign, locale: Locale): string {
  return zodiacSign(sign).name[locale];
}

/** "♌ Leo" */
export function signLabel(sign: ZodiacSign, locale: Locale): string {
  return `${zodiacSign(sign).symbol} ${signName(sign, locale)}`;
}

/** "23 Jul – 22 Aug": the sign's conventional sun-sign dates. */
export function signDates(sign: ZodiacSign, locale: Locale): string {
  const info = zodiacSign(sign);
  const format = dateTimeFormat(intlLocale(locale), { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const day = ({ month, day }: { month: number; day: number }) =>
    format.format(new Date(Date.UTC(2000, month - 1, day)));
  return `${day(info.start)} – ${day(info.end)}`;
}

/** "22:13" in the zone. */
export function formatTime(iso: string, locale: Locale, timeZone: string): string {
  return dateTimeFormat(intlLocale(locale), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(iso));
}

/** "15 Apr, 22:13" in the zone. */
export function formatMoment(iso: string, locale: Locale, timeZone: string): string {
  return dateTimeFormat(intlLocale(locale), {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(iso));
}

/** "10 April 2024" or "10 – 16 April 2024": a period's local days (its end is exclusive). */
export function formatPeriod(start: string, end: string, locale: Locale, timeZone: string): string {
  const format = dateTimeFormat(intlLocale(locale), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  });
  const first = new Date(start);
  const last = new Date(new Date(end).getTime() - 1);
  return format.format(first) === format.format(last) ? format.format(first) : format.formatRange(first, last);
}

/** "1 August 1990": a calendar date as typed (YYYY-MM-DD), never shifted by a zone. */
export function formatDate(date: string, locale: Locale): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return dateTimeFormat(intlLocale(locale), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}
