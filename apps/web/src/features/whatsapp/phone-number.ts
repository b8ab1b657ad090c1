import {
  AsYouType,
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
} from 'libphonenumber-js/max';

/**
 * Countries and phone numbers for the WhatsApp dialog, with libphonenumber's full metadata (the
 * dialog is a lazy chunk, so its size costs nothing up front). The server checks the same rules.
 */

export type Country = { code: CountryCode; name: string; dial: string; flag: string };

/** A country's flag emoji: its two letters as regional indicator symbols. */
export function flagOf(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/** Every country libphonenumber knows, named in the UI language and sorted by that name. */
export function countryList(locale: string): Country[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code, dial: getCountryCallingCode(code), flag: flagOf(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

/** Lowercase without accents, dotless ı as i: "Türkiye" is found by "turk", "İspanya" by "ispanya". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/ı/g, 'i').toLowerCase().trim();
}

/** Countries matching a search by name, two-letter code or calling code ("+90", "90"). */
export function searchCountries(countries: Country[], query: string): Country[] {
  const q = fold(query);
  if (!q) return countries;
  const digits = q.replace(/^\+/, '');
  if (/^\d+$/.test(digits)) return countries.filter((c) => c.dial.startsWith(digits));
  return countries.filter((c) => fold(c.name).includes(q) || c.code.toLowerCase() === q);
}

/** The country of the browser's languages (en-GB → GB), when it is one libphonenumber knows. */
export function guessCountry(languages: readonly string[]): CountryCode | undefined {
  const known = new Set<string>(getCountries());
  for (const language of languages) {
    try {
      const region = new Intl.Locale(language).maximize().region;
      if (region && known.has(region)) return region as CountryCode;
    } catch {
      // not a language tag
    }
  }
  return undefined;
}

/** Number types a WhatsApp account can have (landlines, premium and toll-free lines cannot). */
const MOBILE_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE', 'PERSONAL_NUMBER', 'VOIP']);

export type PhoneCheck =
  | { state: 'empty' | 'incomplete' | 'too-long' | 'invalid' | 'not-mobile' }
  | { state: 'valid'; e164: string };

/** Where a number stands while it is typed, for the chosen country; valid ones come with their E.164. */
export function checkPhone(input: string, country: CountryCode): PhoneCheck {
  if (!input.replace(/\D/g, '')) return { state: 'empty' };
  const length = validatePhoneNumberLength(input, country);
  if (length === 'TOO_SHORT' || length === 'NOT_A_NUMBER') return { state: 'incomplete' };
  if (length === 'TOO_LONG') return { state: 'too-long' };
  const parsed = parsePhoneNumberFromString(input, country);
  if (!parsed?.isValid() || parsed.country !== country) return { state: 'invalid' };
  const type = parsed.getType();
  if (type !== undefined && !MOBILE_TYPES.has(type)) return { state: 'not-mobile' };
  return { state: 'valid', e164: parsed.number };
}

/** The digits typed so far, grouped as the country writes them (0532 123 45 67). */
export function formatTyped(input: string, country: CountryCode): string {
  return new AsYouType(country).input(input);
}

/** A stored E.164 number as people read it: +90 532 123 45 67. */
export function formatInternational(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
