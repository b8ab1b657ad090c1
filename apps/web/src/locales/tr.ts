import trChat from './tr/chat.json';
import trCommon from './tr/common.json';
import trDocuments from './tr/documents.json';
import trErrors from './tr/errors.json';
import trHoroscope from './tr/horoscope.json';
import trImages from './tr/images.json';
import trLogoMaker from './tr/logo-maker.json';
import trOffline from './tr/offline.json';
import trPhotoTranslate from './tr/photo-translate.json';
import trPrivacy from './tr/privacy.json';
import trSharing from './tr/sharing.json';
import trTattooGenerator from './tr/tattoo-generator.json';
import trThreads from './tr/threads.json';
import trTools from './tr/tools.json';
import trValidation from './tr/validation.json';
import trWebSearch from './tr/web-search.json';
import trWhatsApp from './tr/whatsapp.json';

/** The Turkish texts: their own chunk, fetched at start only for a Turkish visitor, or on switching (i18n.ts). */
export const tr = {
  common: trCommon,
  tools: trTools,
  validation: trValidation,
  errors: trErrors,
  chat: trChat,
  threads: trThreads,
  images: trImages,
  horoscope: trHoroscope,
  documents: trDocuments,
  webSearch: trWebSearch,
  whatsapp: trWhatsApp,
  'logo-maker': trLogoMaker,
  'tattoo-generator': trTattooGenerator,
  'photo-translate': trPhotoTranslate,
  privacy: trPrivacy,
  offline: trOffline,
  sharing: trSharing,
} as const;
