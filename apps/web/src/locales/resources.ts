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
import trChat from './tr/chat.json';
import trCommon from './tr/common.json';
import trDocuments from './tr/documents.json';
import trErrors from './tr/errors.json';
import trHistory from './tr/history.json';
import trHoroscope from './tr/horoscope.json';
import trImages from './tr/images.json';
import trLogoMaker from './tr/logo-maker.json';
import trPhotoTranslate from './tr/photo-translate.json';
import trTattooGenerator from './tr/tattoo-generator.json';
import trTools from './tr/tools.json';
import trValidation from './tr/validation.json';
import trWebSearch from './tr/web-search.json';
import trWhatsApp from './tr/whatsapp.json';

/** Every namespace in both languages; a test keeps their key sets identical. */
export const resources = {
  en: {
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
  },
  tr: {
    common: trCommon,
    tools: trTools,
    validation: trValidation,
    errors: trErrors,
    chat: trChat,
    history: trHistory,
    images: trImages,
    horoscope: trHoroscope,
    documents: trDocuments,
    webSearch: trWebSearch,
    whatsapp: trWhatsApp,
    'logo-maker': trLogoMaker,
    'tattoo-generator': trTattooGenerator,
    'photo-translate': trPhotoTranslate,
  },
} as const;
