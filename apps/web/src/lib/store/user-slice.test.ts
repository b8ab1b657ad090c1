import { describe, expect, it } from 'vitest';
import { isTokenValid, renewDelay, TOKEN_RENEW_BEFORE_MS } from './user-slice.ts';

describe('token timing', () => {
  const now = Date.UTC(2026, 10, 22, 12);

  it('is valid only while its expiry is in the future', () => {
    expect(isTokenValid({ value: 'x', expiresAt: now + 1 }, now)).toBe(true);
    expect(isTokenValid({ value: 'x', expiresAt: now }, now)).toBe(false);
    expect(isTokenValid(null, now)).toBe(false);
  });

  it('renews 5 minutes before expiry', () => {
    expect(renewDelay({ value: 'x', expiresAt: now + 60 * 60_000 }, now)).toBe(60 * 60_000 - TOKEN_RENEW_BEFORE_MS);
    expect(renewDelay({ value: 'x', expiresAt: now + 60_000 }, now)).toBe(0);
  });

  it('never asks for a timer longer than setTimeout can hold (it would fire at once)', () => {
    const thirtyDays = 30 * 24 * 60 * 60_000;
    expect(renewDelay({ value: 'x', expiresAt: now + thirtyDays }, now)).toBe(2 ** 31 - 1);
  });
});
