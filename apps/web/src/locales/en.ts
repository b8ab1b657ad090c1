import enChat from './en/chat.json';
import enCommon from './en/common.json';
import enDocuments from './en/documents.json';
import enErrors from './en/errors.json';
import enHistory from './en/history.json';
import enHoroscope from './en/horoscope.json';
import enImages from './en/images.json';
import enLogoMaker from './en/logo-maker.json';
import enPhotoTranslate from './en/photo-translate.json';
import enTattooGenerator from './en/tattoo-generator.json';
import enTools from './en/tools.json';
import enValidation from './en/validation.json';
import enWebSearch from './en/web-search.json';
import enWhatsApp from './en/whatsapp.json';

/** The English texts: bundled with the app (the default language and every key's fallback). */
export const en = {
  common: enCommon,
  tools: enTools,
  validation: enValidation,
  errors: enErrors,
  chat: enChat,
  history: enHistory,
  images: enImages,
  horoscope: enHoroscope,
  documents: enDocuments,
  webSearch: enWebSearch,
  whatsapp: enWhatsApp,
  'logo-maker': enLogoMaker,
  'tattoo-generator': enTattooGenerator,
  'photo-translate': enPhotoTranslate,
} as const;
