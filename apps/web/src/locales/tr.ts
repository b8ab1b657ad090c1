import trChat from './tr/chat.json';
import trCommon from './tr/common.json';
import trDocuments from './tr/documents.json';
import trErrors from './tr/errors.json';
import trImages from './tr/images.json';
import trOffline from './tr/offline.json';
import trPrivacy from './tr/privacy.json';
import trSharing from './tr/sharing.json';
import trThreads from './tr/threads.json';
import trTools from './tr/tools.json';
import trValidation from './tr/validation.json';
import trWhatsApp from './tr/whatsapp.json';

/** A tool's own texts, `features/tools/<tool>/locales/tr.json`: the namespace named after its folder. */
const toolTexts = import.meta.glob<Record<string, unknown>>('../features/tools/*/locales/tr.json', {
  eager: true,
  import: 'default',
});

/** The Turkish texts: their own chunk, fetched at start only for a Turkish visitor, or on switching (i18n.ts). */
export const tr = {
  ...Object.fromEntries(Object.entries(toolTexts).map(([path, texts]) => [path.split('/').at(-3), texts])),
  common: trCommon,
  tools: trTools,
  validation: trValidation,
  errors: trErrors,
  chat: trChat,
  threads: trThreads,
  images: trImages,
  documents: trDocuments,
  whatsapp: trWhatsApp,
  privacy: trPrivacy,
  offline: trOffline,
  sharing: trSharing,
};
