import enChat from './en/chat.json';
import enCommon from './en/common.json';
import enErrors from './en/errors.json';
import enHistory from './en/history.json';
import enTools from './en/tools.json';
import enValidation from './en/validation.json';
import enWhatsApp from './en/whatsapp.json';
import trChat from './tr/chat.json';
import trCommon from './tr/common.json';
import trErrors from './tr/errors.json';
import trHistory from './tr/history.json';
import trTools from './tr/tools.json';
import trValidation from './tr/validation.json';
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
    whatsapp: enWhatsApp,
  },
  tr: {
    common: trCommon,
    tools: trTools,
    validation: trValidation,
    errors: trErrors,
    chat: trChat,
    history: trHistory,
    whatsapp: trWhatsApp,
  },
} as const;
