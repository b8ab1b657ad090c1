import { describe, expect, it } from 'vitest';
import { isTokenValid } from './user-slice.ts';

describe('token timing', () => {
  const now = Date.UTC(2026, 10, 22, 12);

  it('is valid only while its expiry is in the future', () => {
    expect(isTokenValid({ value: 'x', expiresAt: now + 1 }, now)).toBe(true);
    expect(isTokenValid({ value: 'x', expiresAt: now }, now)).toBe(false);
    expect(isTokenValid(null, now)).toBe(false);
  });
});
