import enChat from './en/chat.json';
import enCommon from './en/common.json';
import enErrors from './en/errors.json';
import enHistory from './en/history.json';
import enImages from './en/images.json';
import enLogoMaker from './en/logo-maker.json';
import enTattooGenerator from './en/tattoo-generator.json';
import enTools from './en/tools.json';
import enValidation from './en/validation.json';
import trChat from './tr/chat.json';
import trCommon from './tr/common.json';
import trErrors from './tr/errors.json';
import trHistory from './tr/history.json';
import trImages from './tr/images.json';
import trLogoMaker from './tr/logo-maker.json';
import trTattooGenerator from './tr/tattoo-generator.json';
import trTools from './tr/tools.json';
import trValidation from './tr/validation.json';

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
    'logo-maker': enLogoMaker,
    'tattoo-generator': enTattooGenerator,
  },
  tr: {
    common: trCommon,
    tools: trTools,
    validation: trValidation,
    errors: trErrors,
    chat: trChat,
    history: trHistory,
    images: trImages,
    'logo-maker': trLogoMaker,
    'tattoo-generator': trTattooGenerator,
  },
} as const;
