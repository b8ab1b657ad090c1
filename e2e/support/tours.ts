import type { Locale } from './i18n.ts';

/**
 * Screenshot tours: a spec that shows a screen in every theme × language × viewport saves a picture
 * of each and checks each one the same way. The default run visits two views, which between them
 * show each theme, each language and each viewport once: light, English, desktop and dark, Turkish,
 * phone. `npm run test:visual` (E2E_TOURS=full) runs the tests that hold a tour, tagged `@tour` in
 * their titles, with all eight.
 */
export const FULL_TOURS = process.env.E2E_TOURS === 'full';

export type Theme = 'light' | 'dark';
export type ViewportName = 'desktop' | 'phone';

const DEFAULT_VIEWS: readonly { theme: Theme; locale: Locale; viewport: ViewportName }[] = [
  { theme: 'light', locale: 'en', viewport: 'desktop' },
  { theme: 'dark', locale: 'tr', viewport: 'phone' },
];

/** Whether this run's tours visit the theme and language (and the viewport, when given). */
export function inTour(theme: Theme, locale: Locale, viewport?: ViewportName): boolean {
  if (FULL_TOURS) return true;
  return DEFAULT_VIEWS.some(
    (v) => v.theme === theme && v.locale === locale && (viewport === undefined || v.viewport === viewport),
  );
}

const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const satisfies Record<ViewportName, { width: number; height: number }>;

/** The viewports (name and size) a tour visits in this theme and language. */
export function tourViewports(theme: Theme, locale: Locale): (readonly [ViewportName, (typeof SIZES)[ViewportName]])[] {
  return (['desktop', 'phone'] as const).filter((v) => inTour(theme, locale, v)).map((v) => [v, SIZES[v]] as const);
}
