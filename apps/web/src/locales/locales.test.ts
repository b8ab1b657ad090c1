import { describe, expect, it } from 'vitest';
import { policies as enPolicies } from '../features/policies/content/en.ts';
import { policies as trPolicies } from '../features/policies/content/tr.ts';
import { resources } from './resources.ts';

/** Every key path of a JSON-like value, with array lengths, so a missing or extra entry shows up. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value))
    return [`${prefix}[${value.length}]`, ...value.flatMap((v, i) => keyPaths(v, `${prefix}[${i}]`))];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

function leaves(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (value && typeof value === 'object') return Object.values(value).flatMap(leaves);
  return typeof value === 'string' ? [value] : [];
}

describe('locales', () => {
  it('en and tr have the same namespaces', () => {
    expect(Object.keys(resources.tr).sort()).toEqual(Object.keys(resources.en).sort());
  });

  // Every namespace, the tools' own (their folders' locales/) among them.
  const en: Record<string, unknown> = resources.en;
  const tr: Record<string, unknown> = resources.tr;
  for (const ns of Object.keys(en)) {
    it(`namespace "${ns}" has the same keys in en and tr`, () => {
      expect(keyPaths(tr[ns]).sort()).toEqual(keyPaths(en[ns]).sort());
    });

    it(`namespace "${ns}" has no empty text`, () => {
      for (const text of [...leaves(en[ns]), ...leaves(tr[ns])]) expect(text.trim()).not.toBe('');
    });
  }

  it('keeps interpolation placeholders identical across languages', () => {
    const placeholders = (s: string) => (s.match(/{{\s*\w+\s*}}/g) ?? []).sort();
    const en = resources.en.common.legal.updated;
    expect(placeholders(resources.tr.common.legal.updated)).toEqual(placeholders(en));
  });

  it('policy texts have the same shape in en and tr', () => {
    for (const id of ['terms', 'refund', 'privacy'] as const) {
      const en = enPolicies[id];
      const tr = trPolicies[id];
      expect(tr.sections.map((s) => s.paragraphs.length)).toEqual(en.sections.map((s) => s.paragraphs.length));
      expect(tr.updated).toBe(en.updated);
    }
  });

  it('uses the spec texts word for word in English', () => {
    expect(resources.en.common.loading.content).toBe('Loading your content');
    expect(resources.en.common.hint.gotIt).toBe('Got It');
    expect(resources.en.validation.horoscopeTypeRequired).toBe('Please selecet an horoscope type.');
    expect(resources.en.errors.EMAIL_NOT_VERIFIED).toBe('Verify your email address through your email');
    expect(resources.en.errors.couldNotFetchCredits).toBe('Could not fetch credits.');
  });
});
