/** Constants from the product spec (sections 3, 4 and 9). Both apps read them from here. */

export const APP_NAME = 'Polymath';

/** Spec §4: when the stored app_version differs, all local storage is cleared and this is written. */
export const APP_VERSION = 7;

export const LOCALES = ['en', 'tr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'light';
/**
 * The web app manifest per language (apps/web/web-manifest.ts writes them): index.html links the English
 * one, and its script, like a change of language, links the page's.
 */
export const WEB_MANIFESTS: Record<Locale, string> = { en: '/manifest.webmanifest', tr: '/manifest-tr.webmanifest' };

/** <meta name="theme-color"> per theme: very dark blue for dark, white for light. */
export const THEME_COLORS: Record<Theme, string> = { light: '#ffffff', dark: '#0b1026' };

/** Keys the web app keeps in localStorage. */
export const STORAGE_KEYS = {
  theme: 'theme',
  locale: 'locale',
  appVersion: 'app_version',
  orientationHintDismissed: 'orientation_hint_dismissed',
  /** The person's answer to the tracking banner and the tools it covered (web features/analytics). */
  trackingConsent: 'tracking_consent',
} as const;

/** Spec §4: only the chat slice is persisted, under the root key, version 1, timeout 5000 ms. */
export const PERSIST_KEY = 'root';
export const PERSIST_VERSION = 1;
export const PERSIST_TIMEOUT_MS = 5000;

/** Spec §9: toasts last 4000 ms, at most 3 visible at once. */
export const TOAST_DURATION_MS = 4000;
export const TOAST_VISIBLE_MAX = 3;

/** Spec §9: the sign-in popup size. */
export const AUTH_POPUP = { width: 500, height: 600 } as const;

/**
 * The element of index.html in which the server puts its answers to the GET requests that are the
 * same for every visitor (config, models, plans), keyed by path: the first screen needs no round trip
 * for them.
 */
export const BOOT_DATA_ELEMENT_ID = 'boot-data';
