import type { PublicConfig } from '@polymath/shared';

/**
 * Spec §4: on start, the tag manager is initialised with its id, the ad pixel is initialised and a
 * page view tracked once. Called only once the person has accepted them (tracking-tags.tsx); with
 * no ids configured nothing calls it. Each loader is the vendor's own snippet, written out in
 * TypeScript statement by statement, so the vendor's script finds exactly what it expects.
 */
export function startThirdPartyTags(config: Pick<PublicConfig, 'gtmId' | 'adPixelId'>): void {
  // Once per page: a second start (another mount of the root) must not initialise them twice.
  if (config.gtmId && !document.querySelector(`script[src^="${GTM_SCRIPT}"]`)) loadTagManager(config.gtmId);
  if (config.adPixelId && !window.fbq) loadMetaPixel(config.adPixelId);
}

const GTM_SCRIPT = 'https://www.googletagmanager.com/gtm.js';

/**
 * Google Tag Manager's snippet for the <head>:
 * (function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});
 * var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;
 * j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);})
 * (window,document,'script','dataLayer','GTM-XXXX');
 * (Its <noscript> iframe is for pages without JavaScript; this app has none.)
 */
function loadTagManager(id: string): void {
  window.dataLayer = window.dataLayer || [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  insertScript(`${GTM_SCRIPT}?id=${encodeURIComponent(id)}`);
}

/**
 * The Meta Pixel base code:
 * !function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?
 * n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;
 * n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];
 * s.parentNode.insertBefore(t,s)}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');
 * fbq('init','<pixel id>'); fbq('track','PageView');
 * Calls made before fbevents.js arrives wait in `queue`; once it has loaded it sets `callMethod`, and
 * every later call goes straight to it.
 */
function loadMetaPixel(id: string): void {
  const fbq: Fbq = Object.assign(
    (...args: unknown[]) => {
      if (fbq.callMethod) fbq.callMethod.apply(fbq, args);
      else fbq.queue.push(args);
    },
    { queue: [] as unknown[][], loaded: true, version: '2.0' },
  );
  window.fbq = fbq;
  if (!window._fbq) window._fbq = fbq;
  fbq.push = fbq;
  insertScript('https://connect.facebook.net/en_US/fbevents.js');
  fbq('init', id);
  fbq('track', 'PageView');
}

/** Both snippets insert their script, async, before the page's first script. */
function insertScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  const first = document.getElementsByTagName('script')[0];
  if (first?.parentNode) first.parentNode.insertBefore(script, first);
  else document.head.append(script);
}

/** The cookies Google's tags (Analytics, Ads' conversion linker) and the Meta Pixel set on our domain. */
const TRACKING_COOKIE = /^(_ga|_gid|_gat|_gcl_|_fbp$|_fbc$)/;

/**
 * After a "no" to tags that had loaded in this page: their cookies on our domain are removed and the
 * page reloads without them (a loaded script cannot be unloaded). Cookies are set for the host or for
 * a parent domain (Google's for the registrable domain), so each is expired on every one of them.
 */
export function forgetThirdPartyTags(): void {
  const names = document.cookie
    .split(';')
    .map((pair) => pair.split('=')[0]?.trim() ?? '')
    .filter((name) => TRACKING_COOKIE.test(name));
  const labels = location.hostname.split('.');
  const expire = (cookie: string) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the app supports
    document.cookie = cookie;
  };
  for (const name of names) {
    expire(`${name}=; Max-Age=0; path=/`);
    for (let i = 0; i < labels.length - 1; i++)
      expire(`${name}=; Max-Age=0; path=/; domain=.${labels.slice(i).join('.')}`);
  }
  location.reload();
}

type Fbq = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[][];
  push?: Fbq;
  loaded: boolean;
  version: string;
};

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}
