import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './formatters.ts';

describe('Intl formatters', () => {
  it('builds one formatter per language and options, and formats as Intl does', () => {
    const dollars = numberFormat('en', { style: 'currency', currency: 'USD' });
    expect(numberFormat('en', { style: 'currency', currency: 'USD' })).toBe(dollars);
    expect(dollars.format(6.99)).toBe('$6.99');
    expect(numberFormat('tr', { style: 'currency', currency: 'USD' })).not.toBe(dollars);
    expect(numberFormat('tr', { style: 'currency', currency: 'USD' }).format(6.99)).toBe(
      new Intl.NumberFormat('tr', { style: 'currency', currency: 'USD' }).format(6.99),
    );
    const utc = dateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });
    expect(dateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' })).toBe(utc);
    expect(utc.format(new Date('2026-04-15T12:00:00Z'))).toBe('April 15, 2026');
    expect(dateTimeFormat('en', { dateStyle: 'long', timeZone: 'Asia/Tokyo' })).not.toBe(utc);
  });

  it('throws for options Intl refuses, every time (nothing is remembered)', () => {
    expect(() => dateTimeFormat('en', { timeZone: 'Not/AZone' })).toThrow(RangeError);
    expect(() => dateTimeFormat('en', { timeZone: 'Not/AZone' })).toThrow(RangeError);
    expect(() => numberFormat('en', { style: 'currency' })).toThrow(TypeError);
  });
});
