import { type Locale, policyTitle, t } from './i18n.ts';

/** Every route of the spec (§2) with what a visitor must see there. */
export type RouteCase = {
  /** What is typed in the address bar. */
  path: string;
  /** Where the app must end up (a redirect), when different from `path`. */
  finalPath?: string;
  /** File-name friendly name, used for screenshots and test titles. */
  slug: string;
  /** The page's h1 text (contained in the h1: the image generator adds a PRO badge). */
  heading: (locale: Locale) => string;
  /** A second text that must be visible, identifying the screen further (a tab, a chosen type). */
  detail?: (locale: Locale) => string;
  /**
   * Who may see the screen (apps/web/src/app/routes/guards.tsx): 'user' screens send a signed-out
   * visitor to /sign-in?redirect=…, 'guest' screens send a signed-in one on to /web-main.
   */
  access: 'any' | 'user' | 'guest';
};

export const ROUTE_CASES: RouteCase[] = [
  { path: '/web-main', slug: 'web-main', access: 'any', heading: (l) => t(l, 'tools:chat.title') },
  {
    path: '/web-main/some-thread-id',
    slug: 'web-main-thread',
    access: 'any',
    heading: (l) => t(l, 'tools:chat.title'),
  },
  {
    path: '/image-generator',
    slug: 'image-generator',
    access: 'any',
    heading: (l) => t(l, 'tools:imageGenerator.title'),
  },
  {
    path: '/photo-translate',
    slug: 'photo-translate',
    access: 'any',
    heading: (l) => t(l, 'tools:photoTranslate.title'),
  },
  {
    path: '/horoscope',
    slug: 'horoscope',
    access: 'any',
    heading: (l) => t(l, 'tools:horoscope.title'),
    detail: (l) => t(l, 'tools:horoscope.typesLabel'),
  },
  {
    path: '/horoscope/love',
    slug: 'horoscope-love',
    access: 'any',
    heading: (l) => t(l, 'horoscope:types.love.title'),
    detail: (l) => t(l, 'horoscope:types.love.short'),
  },
  {
    // A thread page, signed out: it asks to sign in, under the tool's name.
    path: '/horoscope/love/t1',
    slug: 'horoscope-love-t1',
    access: 'any',
    heading: (l) => t(l, 'tools:horoscope.title'),
    detail: (l) => t(l, 'chat:thread.signIn'),
  },
  {
    path: '/tattoo-generator',
    slug: 'tattoo-generator',
    access: 'any',
    heading: (l) => t(l, 'tools:tattooGenerator.title'),
  },
  { path: '/logo-maker', slug: 'logo-maker', access: 'any', heading: (l) => t(l, 'tools:logoMaker.title') },
  { path: '/web-search', slug: 'web-search', access: 'any', heading: (l) => t(l, 'tools:webSearch.title') },
  { path: '/gallery', slug: 'gallery', access: 'any', heading: (l) => t(l, 'tools:gallery.title') },
  // Chats held inside WhatsApp (not in the spec's table: where the history opens them).
  { path: '/whatsapp', slug: 'whatsapp', access: 'any', heading: (l) => t(l, 'whatsapp:page.title') },
  {
    path: '/settings',
    finalPath: '/settings/account',
    slug: 'settings',
    access: 'user',
    heading: (l) => t(l, 'settings.title'),
    detail: (l) => t(l, 'settings.profile'),
  },
  {
    path: '/settings/account',
    slug: 'settings-account',
    access: 'user',
    heading: (l) => t(l, 'settings.title'),
    detail: (l) => t(l, 'settings.profile'),
  },
  {
    path: '/settings/login-connections',
    slug: 'settings-login-connections',
    access: 'user',
    heading: (l) => t(l, 'settings.title'),
    detail: (l) => t(l, 'settings.connectionsHelp'),
  },
  {
    path: '/settings/my-plan',
    slug: 'settings-my-plan',
    access: 'user',
    heading: (l) => t(l, 'settings.title'),
    detail: (l) => t(l, 'payment.freeText'),
  },
  { path: '/payment', slug: 'payment', access: 'any', heading: (l) => t(l, 'payment.title') },
  // The WhatsApp sandbox's phone (test mode), like the payment sandbox's pages.
  {
    path: '/whatsapp/sandbox',
    slug: 'whatsapp-sandbox',
    access: 'user',
    heading: (l) => t(l, 'whatsapp:phonePage.title'),
  },
  { path: '/sign-in', slug: 'sign-in', access: 'guest', heading: (l) => t(l, 'auth.signInTitle') },
  { path: '/sign-up', slug: 'sign-up', access: 'guest', heading: (l) => t(l, 'auth.signUpTitle') },
  {
    path: '/forgot-password',
    slug: 'forgot-password',
    access: 'guest',
    heading: (l) => t(l, 'auth.forgotPasswordTitle'),
  },
  {
    path: '/terms-and-conditions',
    slug: 'terms-and-conditions',
    access: 'any',
    heading: (l) => policyTitle(l, 'terms'),
  },
  { path: '/refund-policy', slug: 'refund-policy', access: 'any', heading: (l) => policyTitle(l, 'refund') },
  { path: '/privacy-policy', slug: 'privacy-policy', access: 'any', heading: (l) => policyTitle(l, 'privacy') },
];

/** Routes a signed-out visitor can open (everything but the 'user' ones), and the 'user' ones. */
export const PUBLIC_ROUTES = ROUTE_CASES.filter((r) => r.access !== 'user');
export const SIGNED_IN_ROUTES = ROUTE_CASES.filter((r) => r.access === 'user');

/** The tool links of the sidebar (label key in the tools namespace, and where each goes). */
export const SIDEBAR_TOOLS = [
  { key: 'tools:chat.title', path: '/web-main' },
  { key: 'tools:imageGenerator.title', path: '/image-generator' },
  { key: 'tools:photoTranslate.title', path: '/photo-translate' },
  { key: 'tools:horoscope.title', path: '/horoscope' },
  { key: 'tools:tattooGenerator.title', path: '/tattoo-generator' },
  { key: 'tools:logoMaker.title', path: '/logo-maker' },
  { key: 'tools:webSearch.title', path: '/web-search' },
  { key: 'tools:gallery.title', path: '/gallery' },
] as const;

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Matches a URL whose path is exactly `path` (any origin, no trailing segments). */
export function urlWithPath(path: string): RegExp {
  return new RegExp(`^[a-z]+://[^/]+${escapeRegExp(path)}/?(?:[?#].*)?$`);
}
