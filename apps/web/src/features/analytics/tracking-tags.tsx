import type { PublicConfig } from '@polymath/shared';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { withMoreTexts } from '../../lib/i18n/more-texts.ts';
import { configuredTags, useTrackingConsent } from './tracking-consent.ts';

const ConsentBanner = lazy(withMoreTexts(() => import('./consent-banner.tsx')));

/**
 * The tag manager and the ad pixel, only with the person's yes (decision 030). The root loads this
 * chunk only where an id is configured: with none, nothing of it reaches the browser. Until the person answers, the banner (its own chunk) asks;
 * the tags' loader is fetched only after a yes. A later "no" (Settings, the privacy policy page, or
 * another tab) in a page where they had loaded removes their cookies and reloads without them.
 */
export default function TrackingTags({ config }: { config: Pick<PublicConfig, 'gtmId' | 'adPixelId'> | undefined }) {
  const tags = configuredTags(config);
  const consent = useTrackingConsent(tags);
  const loaded = useRef(false);

  useEffect(() => {
    if (!config || tags.length === 0) return;
    if (consent === 'accepted' && !loaded.current) {
      loaded.current = true;
      void import('./third-party-tags.ts').then((m) => m.startThirdPartyTags(config));
    } else if (consent !== 'accepted' && loaded.current) {
      void import('./third-party-tags.ts').then((m) => m.forgetThirdPartyTags());
    }
  }, [config, consent, tags.length]);

  if (tags.length === 0 || consent !== 'ask') return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner tags={tags} />
    </Suspense>
  );
}
