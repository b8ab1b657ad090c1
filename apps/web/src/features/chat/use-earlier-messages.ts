import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../lib/store/store.ts';
import { chatApi } from './chat-api.ts';
import type { ChatUIMessage } from './chat-transport.ts';

/** How close to the top (px) the person scrolls before the page before is fetched. */
const LOAD_AHEAD = 800;
/** Frames the view is held on its message after a page goes in (measuring takes one or two). */
const SETTLE_FRAMES = 12;

/**
 * The first message whose bottom is in view and its top's distance from the view's top; and the
 * view's distance from the end of the content, for when that message is not in the DOM.
 */
type Anchor = { id: string | null; offset: number; fromEnd: number };

function topMessage(scroller: HTMLElement): Anchor {
  const fromEnd = scroller.scrollHeight - scroller.scrollTop;
  const top = scroller.getBoundingClientRect().top;
  for (const node of scroller.querySelectorAll<HTMLElement>('[data-message-id]')) {
    const rect = node.getBoundingClientRect();
    if (rect.bottom > top && node.dataset.messageId) {
      return { id: node.dataset.messageId, offset: rect.top - top, fromEnd };
    }
  }
  return { id: null, offset: 0, fromEnd };
}

/**
 * Puts the anchor message back where it was. A virtual list may not have it in the DOM right after
 * the page went in (it renders what is near the scroll position, which was the top): the view then
 * goes back to its distance from the end first, where the message is rendered, and the next frame
 * places it exactly.
 */
function keepInPlace(scroller: HTMLElement, anchor: Anchor): void {
  const node = anchor.id ? scroller.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(anchor.id)}"]`) : null;
  if (!node) {
    scroller.scrollTop = scroller.scrollHeight - anchor.fromEnd;
    return;
  }
  const drift = node.getBoundingClientRect().top - scroller.getBoundingClientRect().top - anchor.offset;
  if (Math.abs(drift) >= 1) scroller.scrollTop += drift;
}

export type EarlierMessages = {
  state: 'idle' | 'loading' | 'failed';
  load(): void;
};

/**
 * A chat opens with its newest messages (a page); the ones before load as the person scrolls near the
 * top (or asks with the button), are put before the others, and the view stays on the message it
 * was on. Null once the thread's first message is loaded.
 */
export function useEarlierMessages({
  threadId,
  initialCursor,
  firstId,
  setMessages,
  scroller,
}: {
  threadId: string;
  /** The first message's id: when it changes, the page went in. */
  firstId: string | undefined;
  /** The opening page's olderCursor; null when it holds the whole thread. */
  initialCursor: string | null;
  setMessages(update: (messages: ChatUIMessage[]) => ChatUIMessage[]): void;
  scroller: RefObject<HTMLElement | null>;
}): EarlierMessages | null {
  const dispatch = useAppDispatch();
  const [cursor, setCursor] = useState(initialCursor);
  const [state, setState] = useState<EarlierMessages['state']>('idle');
  const busy = useRef(false);
  /** The message at the top of the view before the page went in, and where it was: kept there after. */
  const anchor = useRef<Anchor | null>(null);

  const load = useCallback(async () => {
    if (cursor === null || busy.current) return;
    busy.current = true;
    setState('loading');
    const result = await dispatch(
      chatApi.endpoints.getEarlierMessages.initiate({ threadId, cursor }, { subscribe: false }),
    );
    busy.current = false;
    if (!result.data) {
      setState('failed');
      return;
    }
    const page = result.data;
    anchor.current = scroller.current ? topMessage(scroller.current) : null;
    setMessages((current) => {
      const shown = new Set(current.map((m) => m.id));
      return [...(page.messages as unknown as ChatUIMessage[]).filter((m) => !shown.has(m.id)), ...current];
    });
    setCursor(page.olderCursor);
    setState('idle');
  }, [cursor, dispatch, scroller, setMessages, threadId]);

  // After the page is in the DOM, before it is painted, the view goes back to the message it was on;
  // again for a few frames, as the new messages above it are measured (a virtual list first places
  // them at an estimated height). The messages may arrive a render after the cursor (useChat
  // throttles them), hence the first id, not any render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: firstId says when the page is in
  useLayoutEffect(() => {
    const el = scroller.current;
    const kept = anchor.current;
    anchor.current = null;
    if (!el || !kept) return;
    keepInPlace(el, kept);
    let frames = 0;
    let frame = requestAnimationFrame(function again() {
      keepInPlace(el, kept);
      if (++frames < SETTLE_FRAMES) frame = requestAnimationFrame(again);
    });
    // The person scrolling on wins.
    const release = () => cancelAnimationFrame(frame);
    const inputs = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    for (const type of inputs) el.addEventListener(type, release, { passive: true, once: true });
    return () => {
      release();
      for (const type of inputs) el.removeEventListener(type, release);
    };
  }, [firstId, scroller]);

  // Only a person's scrolling fetches: opening the chat (at its end) does not.
  const canLoad = cursor !== null && state === 'idle';
  useEffect(() => {
    const el = scroller.current;
    if (!el || !canLoad) return;
    const onScroll = () => {
      if (el.scrollTop < LOAD_AHEAD) void load();
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [scroller, canLoad, load]);

  return cursor === null ? null : { state, load: () => void load() };
}
