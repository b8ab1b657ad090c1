import { type PublicConfig, STORAGE_KEYS } from '@polymath/shared';
import { useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from '../../lib/storage/local-storage.ts';

/** The third-party tags an operator can configure: Google Tag Manager and the Meta Pixel. */
export type TrackingTag = 'gtm' | 'pixel';

/** 'ask' until the person has answered for every tag this server has configured. */
export type ConsentState = 'accepted' | 'rejected' | 'ask';

// `tools` is the stored field's name from before the tags were called tags: kept so saved answers still count.
type Stored = { choice: 'accepted' | 'rejected'; tools: TrackingTag[] };

/** The tags this server has configured (none: no banner, nothing loads). */
export function configuredTags(config: Pick<PublicConfig, 'gtmId' | 'adPixelId'> | undefined): TrackingTag[] {
  const tags: TrackingTag[] = [];
  if (config?.gtmId) tags.push('gtm');
  if (config?.adPixelId) tags.push('pixel');
  return tags;
}

/**
 * The person's answer for these tags. An answer covers the tags it was given for: when the operator
 * adds one later, the person is asked again rather than having it load on an older "yes".
 */
export function readConsent(tags: readonly TrackingTag[]): ConsentState {
  const stored = parse(readStorage(STORAGE_KEYS.trackingConsent));
  if (!stored || !tags.every((tag) => stored.tools.includes(tag))) return 'ask';
  return stored.choice;
}

/** Remembers the answer (in this browser, like the theme) and tells every open view and tab. */
export function saveConsent(choice: 'accepted' | 'rejected', tags: readonly TrackingTag[]): void {
  writeStorage(STORAGE_KEYS.trackingConsent, JSON.stringify({ choice, tools: [...tags] } satisfies Stored));
  for (const listener of listeners) listener();
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's answer arrives as a storage event.
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEYS.trackingConsent || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The answer for these tags, kept current as the person changes it here or in another tab. */
export function useTrackingConsent(tags: readonly TrackingTag[]): ConsentState {
  return useSyncExternalStore(subscribe, () => readConsent(tags));
}

function parse(raw: string | null): Stored | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Stored>;
    if ((value.choice === 'accepted' || value.choice === 'rejected') && Array.isArray(value.tools)) {
      return { choice: value.choice, tools: value.tools };
    }
  } catch {
    // A damaged entry counts as no answer.
  }
  return null;
}
