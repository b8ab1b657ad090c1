import { describe, expect, it } from 'vitest';
import {
  checkPhone,
  countryList,
  flagOf,
  formatInternational,
  formatTyped,
  guessCountry,
  searchCountries,
} from './phone-number.ts';

describe('countries', () => {
  it('names countries in the UI language with their flag and calling code', () => {
    const tr = countryList('tr').find((c) => c.code === 'TR');
    expect(tr).toEqual({ code: 'TR', name: 'Türkiye', dial: '90', flag: '🇹🇷' });
    expect(countryList('en').find((c) => c.code === 'DE')?.name).toBe('Germany');
    expect(countryList('tr').find((c) => c.code === 'DE')?.name).toBe('Almanya');
    expect(flagOf('gb')).toBe('🇬🇧');
  });

  it('finds countries by name without accents, by code and by calling code', () => {
    const en = countryList('en');
    expect(searchCountries(en, 'turk').map((c) => c.code)).toContain('TR');
    expect(searchCountries(countryList('tr'), 'turkiye').map((c) => c.code)).toEqual(['TR']);
    expect(searchCountries(countryList('tr'), 'ispanya').map((c) => c.code)).toEqual(['ES']);
    expect(searchCountries(en, 'de').map((c) => c.code)).toContain('DE');
    expect(searchCountries(en, '+90').map((c) => c.code)).toEqual(['TR']);
    expect(searchCountries(en, '44').map((c) => c.code)).toEqual(expect.arrayContaining(['GB', 'GG', 'IM', 'JE']));
    expect(searchCountries(en, 'zzzz')).toEqual([]);
    expect(searchCountries(en, '  ')).toHaveLength(en.length);
  });

  it("guesses the country from the browser's languages", () => {
    expect(guessCountry(['tr-TR', 'en'])).toBe('TR');
    expect(guessCountry(['en-GB'])).toBe('GB');
    expect(guessCountry(['tr'])).toBe('TR');
    expect(guessCountry(['not a tag'])).toBeUndefined();
  });
});

describe('checkPhone', () => {
  it('follows the number as it is typed, for the chosen country', () => {
    expect(checkPhone('', 'TR')).toEqual({ state: 'empty' });
    expect(checkPhone('0532 12', 'TR')).toEqual({ state: 'incomplete' });
    expect(checkPhone('0532 123 45 67', 'TR')).toEqual({ state: 'valid', e164: '+905321234567' });
    expect(checkPhone('532 123 45 67', 'TR')).toEqual({ state: 'valid', e164: '+905321234567' });
    expect(checkPhone('0532 123 45 67 890 123', 'TR')).toEqual({ state: 'too-long' });
    expect(checkPhone('0532 123 45 67 8', 'TR')).toEqual({ state: 'invalid' });
    expect(checkPhone('0212 123 45 67', 'TR')).toEqual({ state: 'not-mobile' });
    // A US number is not a Turkish one.
    expect(checkPhone('+1 415 555 0123', 'TR').state).toBe('invalid');
    expect(checkPhone('(201) 555-0123', 'US')).toEqual({ state: 'valid', e164: '+12015550123' });
  });

  it('formats what is typed and what is stored', () => {
    expect(formatTyped('05321234567', 'TR')).toBe('0532 123 45 67');
    expect(formatInternational('+905321234567')).toBe('+90 532 123 45 67');
  });
});
