import enErrors from './en/errors.json';
import enHoroscope from './en/horoscope.json';
import enImages from './en/images.json';
import enLogoMaker from './en/logo-maker.json';
import enOffline from './en/offline.json';
import enPhotoTranslate from './en/photo-translate.json';
import enPrivacy from './en/privacy.json';
import enSharing from './en/sharing.json';
import enTattooGenerator from './en/tattoo-generator.json';
import enValidation from './en/validation.json';
import enWebSearch from './en/web-search.json';
import enWhatsApp from './en/whatsapp.json';

/**
 * The English texts of the tools' own pages and dialogs (horoscope, images, WhatsApp, …), the error
 * messages and the form validation texts: their own
 * chunk, loaded with the first page or dialog that needs them (lib/i18n/more-texts.ts), not with the
 * first screen (B7).
 */
export const enMore = {
  errors: enErrors,
  validation: enValidation,
  horoscope: enHoroscope,
  webSearch: enWebSearch,
  whatsapp: enWhatsApp,
  images: enImages,
  'logo-maker': enLogoMaker,
  'tattoo-generator': enTattooGenerator,
  'photo-translate': enPhotoTranslate,
  privacy: enPrivacy,
  offline: enOffline,
  sharing: enSharing,
} as const;
