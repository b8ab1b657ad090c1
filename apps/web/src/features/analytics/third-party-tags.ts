import type { PublicConfig } from '@polymath/shared';

let started = false;

/**
 * Spec §4: on start, the tag manager is initialised with its id, the ad pixel is initialised and
 * a page view tracked once. Both load only when the operator configured their ids: with none, no
 * request leaves for a third party.
 */
export function startThirdPartyTags(config: Pick<PublicConfig, 'gtmId' | 'adPixelId'>): void {
  if (started) return;
  started = true;
  if (config.gtmId) {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    addScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(config.gtmId)}`);
  }
  if (config.adPixelId) {
    const queue: unknown[][] = [];
    const fbq = Object.assign((...args: unknown[]) => void queue.push(args), { queue, loaded: true, version: '2.0' });
    window.fbq = fbq;
    fbq('init', config.adPixelId);
    fbq('track', 'PageView');
    addScript('https://connect.facebook.net/en_US/fbevents.js');
  }
}

function addScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.append(script);
}
