import { STORAGE_KEYS } from '@polymath/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { readConsent, saveConsent } from './tracking-consent.ts';
import TrackingTags from './tracking-tags.tsx';

const BOTH = { gtmId: 'GTM-TEST1', adPixelId: '1234567890' };
const thirdPartyScripts = () =>
  [...document.querySelectorAll('script[src]')]
    .map((s) => s.getAttribute('src') ?? '')
    .filter((src) => !src.startsWith('/'));

function resetPage() {
  localStorage.clear();
  for (const script of document.querySelectorAll('script[src]')) script.remove();
  delete window.dataLayer;
  delete window.fbq;
  delete window._fbq;
}

describe('tracking consent', () => {
  beforeEach(resetPage);
  afterEach(() => vi.restoreAllMocks());

  it('an answer covers the tags it was given for: a tag added later asks again', () => {
    expect(readConsent(['gtm'])).toBe('ask');
    saveConsent('accepted', ['gtm']);
    expect(readConsent(['gtm'])).toBe('accepted');
    expect(readConsent(['gtm', 'pixel'])).toBe('ask');
    saveConsent('rejected', ['gtm', 'pixel']);
    expect(readConsent(['gtm'])).toBe('rejected');
    localStorage.setItem(STORAGE_KEYS.trackingConsent, '{"choice":"maybe"');
    expect(readConsent(['gtm'])).toBe('ask');
  });

  it('an answer saved before the rename still counts: the stored field stays `tools`', () => {
    localStorage.setItem(STORAGE_KEYS.trackingConsent, '{"choice":"rejected","tools":["gtm","pixel"]}');
    expect(readConsent(['gtm', 'pixel'])).toBe('rejected');
    saveConsent('accepted', ['gtm']);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.trackingConsent) ?? '')).toEqual({
      choice: 'accepted',
      tools: ['gtm'],
    });
  });

  it('with no ids configured: no banner, no tags', async () => {
    renderWithApp(<TrackingTags config={{ gtmId: null, adPixelId: null }} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('consent-banner')).toBeNull();
    expect(thirdPartyScripts()).toEqual([]);
    expect(window.dataLayer).toBeUndefined();
  });

  it('asks first; nothing is added to the page until Accept, then both vendor loaders run', async () => {
    renderWithApp(<TrackingTags config={BOTH} />);
    const banner = await screen.findByTestId('consent-banner');
    expect(banner.textContent).toContain('Google Tag Manager and Meta Pixel');
    expect(thirdPartyScripts()).toEqual([]);
    expect(window.dataLayer).toBeUndefined();
    expect(window.fbq).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(thirdPartyScripts()).toHaveLength(2));
    expect(screen.queryByTestId('consent-banner')).toBeNull();
    expect(thirdPartyScripts().sort()).toEqual([
      'https://connect.facebook.net/en_US/fbevents.js',
      'https://www.googletagmanager.com/gtm.js?id=GTM-TEST1',
    ]);
    expect(window.dataLayer?.[0]).toMatchObject({ event: 'gtm.js', 'gtm.start': expect.any(Number) });
    expect(readConsent(['gtm', 'pixel'])).toBe('accepted');

    // Meta's base code: calls wait in the queue until fbevents.js sets callMethod, then go to it.
    const fbq = window.fbq;
    expect(fbq?.queue).toEqual([
      ['init', '1234567890'],
      ['track', 'PageView'],
    ]);
    expect(window._fbq).toBe(fbq);
    expect(fbq?.push).toBe(fbq);
    expect([fbq?.loaded, fbq?.version]).toEqual([true, '2.0']);
    const callMethod = vi.fn();
    if (fbq) fbq.callMethod = callMethod;
    fbq?.('track', 'Lead');
    expect(callMethod).toHaveBeenCalledWith('track', 'Lead');
    expect(fbq?.queue).toHaveLength(2);
  });

  it('Reject: nothing loads, the banner goes, and the answer is remembered', async () => {
    const first = renderWithApp(<TrackingTags config={BOTH} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    expect(screen.queryByTestId('consent-banner')).toBeNull();
    first.unmount();

    renderWithApp(<TrackingTags config={BOTH} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('consent-banner')).toBeNull();
    expect(thirdPartyScripts()).toEqual([]);
    expect(window.fbq).toBeUndefined();
  });

  it('a "no" after a "yes" in this page removes their cookies and reloads without them', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload, hostname: 'localhost' });
    saveConsent('accepted', ['gtm', 'pixel']);
    renderWithApp(<TrackingTags config={BOTH} />);
    await waitFor(() => expect(thirdPartyScripts()).toHaveLength(2));
    for (const cookie of ['_ga=GA1.1.123', '_fbp=fb.1.123', 'keep=1']) {
      // biome-ignore lint/suspicious/noDocumentCookie: as the vendors' scripts set them
      document.cookie = `${cookie}; path=/`;
    }

    act(() => saveConsent('rejected', ['gtm', 'pixel']));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(document.cookie).toBe('keep=1');
  });
});
