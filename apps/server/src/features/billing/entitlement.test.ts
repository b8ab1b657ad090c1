import { describe, expect, it } from 'vitest';
import { planAt } from './entitlement.ts';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const ended = {
  provider: 'sandbox',
  status: 'canceled',
  currentPeriodEnd: new Date(NOW - 1000),
  cancelAtPeriodEnd: true,
};

describe('planAt with Pro granted by an operator', () => {
  it('gives Pro until the grant ends, whatever the access level or an ended subscription says', () => {
    const until = new Date(NOW + 60_000);
    expect(planAt({ accessLevel: 'free', subscription: null, proGrantedUntil: until }, 'sandbox', NOW)).toBe('pro');
    expect(planAt({ accessLevel: 'pro', subscription: ended, proGrantedUntil: until }, 'sandbox', NOW)).toBe('pro');
    expect(
      planAt({ accessLevel: 'free', subscription: null, proGrantedUntil: until }, 'sandbox', until.getTime()),
    ).toBe('free');
  });

  it('changes nothing without a grant, or with one in the past', () => {
    expect(planAt({ accessLevel: 'free', subscription: null, proGrantedUntil: null }, 'sandbox', NOW)).toBe('free');
    expect(
      planAt({ accessLevel: 'pro', subscription: ended, proGrantedUntil: new Date(NOW - 1) }, 'sandbox', NOW),
    ).toBe('free');
    expect(planAt({ accessLevel: 'pro', subscription: null }, 'sandbox', NOW)).toBe('pro');
  });
});
