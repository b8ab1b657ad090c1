import { type PublicConfig, STORAGE_KEYS } from '@polymath/shared';
import { useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from '../../lib/storage/local-storage.ts';

/** The third-party tools an operator can configure: Google Tag Manager and the Meta Pixel. */
export type TrackingTool = 'gtm' | 'pixel';

/** 'ask' until the person has answered for every tool this server has configured. */
export type ConsentState = 'accepted' | 'rejected' | 'ask';

type Stored = { choice: 'accepted' | 'rejected'; tools: TrackingTool[] };

/** The tools this server has configured (none: no banner, nothing loads). */
export function configuredTools(config: Pick<PublicConfig, 'gtmId' | 'adPixelId'> | undefined): TrackingTool[] {
  const tools: TrackingTool[] = [];
  if (config?.gtmId) tools.push('gtm');
  if (config?.adPixelId) tools.push('pixel');
  return tools;
}

/**
 * The person's answer for these tools. An answer covers the tools it was given for: when the operator
 * adds one later, the person is asked again rather than having it load on an older "yes".
 */
export function readConsent(tools: readonly TrackingTool[]): ConsentState {
  const stored = parse(readStorage(STORAGE_KEYS.trackingConsent));
  if (!stored || !tools.every((tool) => stored.tools.includes(tool))) return 'ask';
  return stored.choice;
}

/** Remembers the answer (in this browser, like the theme) and tells every open view and tab. */
export function saveConsent(choice: 'accepted' | 'rejected', tools: readonly TrackingTool[]): void {
  writeStorage(STORAGE_KEYS.trackingConsent, JSON.stringify({ choice, tools: [...tools] } satisfies Stored));
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

/** The answer for these tools, kept current as the person changes it here or in another tab. */
export function useTrackingConsent(tools: readonly TrackingTool[]): ConsentState {
  return useSyncExternalStore(subscribe, () => readConsent(tools));
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
