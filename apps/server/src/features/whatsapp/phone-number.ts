import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { AppError } from '../../lib/app-error.ts';

/** Types of number that can hold a WhatsApp account (landlines and premium lines cannot). */
const WHATSAPP_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE', 'PERSONAL_NUMBER', 'VOIP']);

/**
 * The number as E.164 when it is a valid number of the chosen country that can be a mobile
 * (libphonenumber's full metadata, the same check the dialog makes as it is typed); otherwise
 * WHATSAPP_NUMBER_INVALID.
 */
export function checkPhoneNumber(phone: string, country: string): string {
  if (!isSupportedCountry(country)) throw new AppError('WHATSAPP_NUMBER_INVALID');
  const parsed = parsePhoneNumberFromString(phone, country as CountryCode);
  const type = parsed?.getType();
  if (!parsed?.isValid() || parsed.country !== country || (type !== undefined && !WHATSAPP_TYPES.has(type))) {
    throw new AppError('WHATSAPP_NUMBER_INVALID');
  }
  return parsed.number;
}
