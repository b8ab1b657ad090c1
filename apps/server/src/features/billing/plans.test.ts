import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPlans, PlansError } from './plans.ts';

const dir = mkdtempSync(join(tmpdir(), 'plans-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let written = 0;

function plansFile(content: unknown): string {
  written += 1;
  const file = join(dir, `plans-${written}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const valid = {
  taxPercent: 20,
  plans: [
    { period: 'week', amount: 500, currency: 'EUR' },
    { period: 'monthly', amount: 1500, currency: 'eur' },
    { period: '3month', amount: 3000, currency: 'eur' },
    { period: 'yearly', amount: 6000, currency: 'eur' },
  ],
};

describe('loadPlans', () => {
  it('computes tax, totals and the badge from the file', () => {
    const plans = loadPlans(plansFile(valid));
    expect(plans.offers.map((o) => [o.period, o.currency, o.tax, o.total])).toEqual([
      ['week', 'eur', 100, 600],
      ['monthly', 'eur', 300, 1800],
      ['3month', 'eur', 600, 3600],
      ['yearly', 'eur', 1200, 7200],
    ]);
    // Per day: week 71.4, yearly 16.4 → 77% saving, the largest.
    expect(plans.offers.filter((o) => o.bestValue)).toEqual([
      expect.objectContaining({ period: 'yearly', savingsPercent: 77 }),
    ]);
    expect(plans.offers.find((o) => o.period === 'week')?.savingsPercent).toBeNull();
  });

  it('the shipped file gives the yearly plan the 85% badge', () => {
    const shipped = loadPlans(join(import.meta.dirname, '../../../config/plans.json'));
    expect(shipped.offers.find((o) => o.bestValue)).toMatchObject({ period: 'yearly', savingsPercent: 85 });
  });

  it('refuses a file missing a plan, with a duplicate, or with a bad currency, naming the problem', () => {
    const missing = { ...valid, plans: valid.plans.slice(1) };
    expect(() => loadPlans(plansFile(missing))).toThrow(/each of week, 3month, monthly, yearly exactly once/);
    const badCurrency = {
      ...valid,
      plans: [...valid.plans.slice(1), { period: 'week', amount: 1, currency: 'dollars' }],
    };
    expect(() => loadPlans(plansFile(badCurrency))).toThrow(/ISO 4217/);
    expect(() => loadPlans(plansFile('{ not json'))).toThrow(PlansError);
  });
});
