import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, formatPercentNumber } from './format-money.ts';

export type BillingFormat = {
  money: (minor: number, currency: string) => string;
  date: (iso: string) => string;
  percent: (value: number) => string;
};

/** Money, dates and percentages in the current interface language. */
export function useBillingFormat(): BillingFormat {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(
    () => ({
      money: (minor, currency) => formatMoney(minor, currency, locale),
      date: (iso) => formatDate(iso, locale),
      percent: (value) => formatPercentNumber(value, locale),
    }),
    [locale],
  );
}
