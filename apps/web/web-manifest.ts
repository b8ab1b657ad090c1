import { APP_NAME, type Locale, THEME_COLORS } from '../../packages/shared/src/app/constants.ts';

const TEXTS: Record<Locale, { name: string; description: string }> = {
  en: {
    name: `${APP_NAME} · AI chat and creative tools`,
    description: 'Chat with the best AI models and create images, logos and tattoos in one place.',
  },
  tr: {
    name: `${APP_NAME} · Yapay zekâ sohbeti ve yaratıcı araçlar`,
    description: 'En iyi yapay zekâ modelleriyle sohbet edin; görseller, logolar ve dövmeler tek yerde oluşturun.',
  },
};

/**
 * The web app manifest in one language (decision 031). One id for both, so installing from either
 * language is the same app. The colours are the light theme's (the spec's default): a manifest has one
 * theme colour, and a page in the dark theme sets its own <meta name="theme-color">, which an installed
 * window follows once the page has loaded.
 */
export function webManifest(locale: Locale) {
  return {
    id: '/',
    name: TEXTS[locale].name,
    short_name: APP_NAME,
    description: TEXTS[locale].description,
    lang: locale,
    dir: 'ltr',
    start_url: '/web-main',
    scope: '/',
    display: 'standalone',
    background_color: THEME_COLORS.light,
    theme_color: THEME_COLORS.light,
    categories: ['productivity', 'utilities'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
}
