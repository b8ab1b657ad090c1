import { describe, expect, it } from 'vitest';
import { addBillingInterval, nextPeriodEnd } from './billing-calendar.ts';

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe('the billing calendar', () => {
  it('clamps to the end of a shorter month, as Stripe does (31 January + 1 month = 28 February)', () => {
    expect(iso(addBillingInterval(at('2026-01-31T10:00:00Z'), 'month', 1))).toBe('2026-02-28T10:00:00.000Z');
    expect(iso(addBillingInterval(at('2028-01-31T10:00:00Z'), 'month', 1))).toBe('2028-02-29T10:00:00.000Z');
    expect(iso(addBillingInterval(at('2026-08-31T00:00:00Z'), 'month', 3))).toBe('2026-11-30T00:00:00.000Z');
    expect(iso(addBillingInterval(at('2028-02-29T12:00:00Z'), 'year', 1))).toBe('2029-02-28T12:00:00.000Z');
    expect(iso(addBillingInterval(at('2026-03-01T00:00:00Z'), 'week', 1))).toBe('2026-03-08T00:00:00.000Z');
  });

  it('counts from the anchor, so the day comes back after a short month (31 Jan → 28 Feb → 31 Mar)', () => {
    const anchor = at('2026-01-31T10:00:00Z');
    const feb = nextPeriodEnd(anchor, 'month', 1, anchor);
    expect(iso(feb)).toBe('2026-02-28T10:00:00.000Z');
    expect(iso(nextPeriodEnd(anchor, 'month', 1, feb))).toBe('2026-03-31T10:00:00.000Z');
  });
});
