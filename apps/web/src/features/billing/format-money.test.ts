import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatPercentNumber } from './format-money.ts';

describe('formatMoney', () => {
  it('writes minor units in the currency of the offer, as English writes them', () => {
    expect(formatMoney(699, 'usd', 'en')).toBe('$6.99');
    expect(formatMoney(4999, 'eur', 'en')).toBe('€49.99');
    expect(formatMoney(0, 'usd', 'en')).toBe('$0.00');
    expect(formatMoney(123456, 'usd', 'en')).toBe('$1,234.56');
  });

  it('as Turkish writes them', () => {
    expect(formatMoney(699, 'usd', 'tr')).toBe('$6,99');
    expect(formatMoney(12999, 'try', 'tr')).toBe('₺129,99');
    expect(formatMoney(123456, 'try', 'tr')).toBe('₺1.234,56');
  });

  it('knows currencies without minor units', () => {
    expect(formatMoney(700, 'jpy', 'en')).toBe('¥700');
  });

  it('still shows an amount in an unknown currency', () => {
    expect(formatMoney(699, 'zz', 'en')).toBe('6.99 ZZ');
  });
});

describe('formatPercentNumber', () => {
  it('uses the language’s decimal sign and drops needless decimals', () => {
    expect(formatPercentNumber(20, 'en')).toBe('20');
    expect(formatPercentNumber(8.25, 'en')).toBe('8.25');
    expect(formatPercentNumber(8.25, 'tr')).toBe('8,25');
  });
});

describe('formatDate', () => {
  it('writes a calendar date in the language', () => {
    expect(formatDate('2026-04-15T12:00:00Z', 'en', 'UTC')).toBe('April 15, 2026');
    expect(formatDate('2026-04-15T12:00:00Z', 'tr', 'UTC')).toBe('15 Nisan 2026');
  });
});
