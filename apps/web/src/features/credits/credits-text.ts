import type { Credits } from '@polymath/shared';
import type { TFunction } from 'i18next';
import { dateTimeFormat } from '../../lib/intl/formatters.ts';

/**
 * When the allowance resets, in the person's own clock: the time, plus the date when the reset is
 * not today where they are (midnight UTC is tomorrow morning east of Greenwich).
 */
export function describeReset(
  resetsAt: string,
  now: Date,
  locale: string,
  timeZone: string = Intl.DateTimeFormat().resolvedOptions().timeZone,
): { time: string; date: string | null } {
  const reset = new Date(resetsAt);
  const day = dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const time = dateTimeFormat(locale, { timeZone, timeStyle: 'short' }).format(reset);
  if (day.format(reset) === day.format(now)) return { time, date: null };
  return { time, date: dateTimeFormat(locale, { timeZone, month: 'short', day: 'numeric' }).format(reset) };
}

/** The meter's line for a free user, e.g. "7 of 10 free messages left today · resets at 03:00"; null for Pro. */
export function freeCreditsText(
  credits: Credits,
  now: Date,
  t: TFunction,
  locale: string,
  timeZone?: string,
): string | null {
  if (credits.plan !== 'free' || credits.remaining === null || credits.dailyLimit === null) return null;
  if (Number.isNaN(Date.parse(credits.resetsAt))) return null;
  const { time, date } = describeReset(credits.resetsAt, now, locale, timeZone);
  const values = { remaining: Math.max(0, credits.remaining), limit: credits.dailyLimit, time, date };
  return date ? t('threads:credits.freeLeftOn', values) : t('threads:credits.freeLeft', values);
}
