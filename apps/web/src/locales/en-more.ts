import enErrors from './en/errors.json';
import enImages from './en/images.json';
import enOffline from './en/offline.json';
import enPrivacy from './en/privacy.json';
import enSharing from './en/sharing.json';
import enValidation from './en/validation.json';
import enWhatsApp from './en/whatsapp.json';

/** A tool's own texts, `features/tools/<tool>/locales/en.json`: the namespace named after its folder. */
const toolTexts = import.meta.glob<Record<string, unknown>>('../features/tools/*/locales/en.json', {
  eager: true,
  import: 'default',
});

/**
 * The English texts of the tools' own pages and dialogs (horoscope, images, WhatsApp, …), the error
 * messages and the form validation texts: their own chunk, loaded with the first page or dialog that
 * needs them (lib/i18n/more-texts.ts loads every namespace here), not with the first screen (B7).
 */
export const enMore = {
  ...Object.fromEntries(Object.entries(toolTexts).map(([path, texts]) => [path.split('/').at(-3), texts])),
  errors: enErrors,
  validation: enValidation,
  whatsapp: enWhatsApp,
  images: enImages,
  privacy: enPrivacy,
  offline: enOffline,
  sharing: enSharing,
};
