/**
 * The shipped chat catalogue says, for every model, what a long chat's budget and cost need
 * (decisions 027 and 029): its window, its longest answer and its prices. Read as written, not as
 * parsed: the parse fills defaults (a guessed window, cached input at the input price) that would
 * hide a model left without them.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from './model-catalog.ts';

const file = resolve(import.meta.dirname, '../../../config/models.json');
const raw = JSON.parse(readFileSync(file, 'utf8')) as { models: Record<string, unknown>[] };

describe('the shipped model catalogue', () => {
  it.each(raw.models.map((m) => [m.id as string, m] as const))(
    '%s has its window, its longest answer and its input, cached-input and output prices',
    (_id, model) => {
      expect(Number.isInteger(model.contextTokens)).toBe(true);
      expect(Number.isInteger(model.maxOutputTokens)).toBe(true);
      expect(model.maxOutputTokens as number).toBeLessThan(model.contextTokens as number);
      const prices = model.pricePerMillion as Record<string, unknown> | undefined;
      for (const key of ['input', 'cachedInput', 'output']) {
        expect(typeof prices?.[key], `pricePerMillion.${key}`).toBe('number');
      }
      expect(prices?.cachedInput as number).toBeLessThanOrEqual(prices?.input as number);
    },
  );

  it('loads as the server loads it, every model priced', () => {
    const catalogue = loadCatalogue(file);
    expect(catalogue.models.length).toBe(raw.models.length);
    for (const model of catalogue.models) expect(model.prices).not.toBeNull();
  });
});
