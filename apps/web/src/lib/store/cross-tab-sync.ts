import type { Middleware, UnknownAction } from '@reduxjs/toolkit';

/** Actions of these slices are replayed in every other open tab (spec §4). */
const SYNCED_PREFIXES = ['chat/', 'user/'];
const CHANNEL = 'polymath-store';

type SyncedAction = UnknownAction & { meta?: { fromOtherTab?: boolean } };

/**
 * Broadcasts this tab's chat and user actions over a BroadcastChannel and dispatches the ones
 * other tabs send. An action received from another tab is marked so it is not sent back.
 */
export function createCrossTabSync(): {
  middleware: Middleware;
  listen: (dispatch: (a: UnknownAction) => void) => () => void;
} {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);

  const middleware: Middleware = () => (next) => (action) => {
    const a = action as SyncedAction;
    if (
      channel &&
      typeof a.type === 'string' &&
      !a.meta?.fromOtherTab &&
      SYNCED_PREFIXES.some((p) => a.type.startsWith(p))
    ) {
      try {
        channel.postMessage(a);
      } catch {
        // An action carrying something unclonable stays local.
      }
    }
    return next(action);
  };

  const listen = (dispatch: (a: UnknownAction) => void) => {
    if (!channel) return () => {};
    const onMessage = (e: MessageEvent<SyncedAction>) => {
      if (typeof e.data?.type !== 'string') return;
      if (!SYNCED_PREFIXES.some((p) => e.data.type.startsWith(p))) return;
      dispatch({ ...e.data, meta: { ...e.data.meta, fromOtherTab: true } });
    };
    channel.addEventListener('message', onMessage);
    return () => channel.removeEventListener('message', onMessage);
  };

  return { middleware, listen };
}
