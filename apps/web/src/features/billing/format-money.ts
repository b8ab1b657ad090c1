import { dateTimeFormat, numberFormat } from '../../lib/intl/formatters.ts';
/**
 * An amount in the currency's minor unit (cents, kuruş) as the given language writes it:
 * 699 usd → "$6.99" in English, "$6,99" in Turkish. The number of minor digits comes from the
 * currency itself (JPY has none), as Stripe counts them.
 */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const code = currency.toUpperCase();
  try {
    const format = numberFormat(locale, { style: 'currency', currency: code });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** digits);
  } catch {
    // An unknown currency code: still show the amount rather than breaking the page.
    return `${(minor / 100).toFixed(2)} ${code}`;
  }
}

/** A percentage's number in the given language, without the sign (the sentence places it: "20%", "%20"). */
export function formatPercentNumber(value: number, locale: string): string {
  return numberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}

/** A calendar date in the given language: "April 15, 2026", "15 Nisan 2026". */
export function formatDate(iso: string, locale: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(locale, { dateStyle: 'long', ...(timeZone ? { timeZone } : {}) }).format(date);
}
