import { useState } from 'react';
import { useLocation } from 'react-router';
import { useAppSelector } from '../../lib/store/store.ts';

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * 16 letters and digits, as the AI SDK's generateId makes them (clientIdSchema takes 8–64), made here
 * so a page's first screen does not import the SDK for it (B7).
 */
function generateId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
}

/** `key` tells sessions apart (the same thread opened again for another person is a new session). */
export type ChatSession = { id: string; existing: boolean; key: string };

/** A thread from the URL is loaded from the server; a new chat gets an id made here (clientIdSchema). */
function session(threadId?: string): ChatSession {
  return threadId
    ? { id: threadId, existing: true, key: generateId() }
    : { id: generateId(), existing: false, key: generateId() };
}

/**
 * The chat a page shows, keyed on the page's own session rather than on the URL: when a new chat's
 * first answer starts, its URL gains the thread id and the same conversation (and its live stream)
 * carries on. Opening another thread, the tool's page again ("New chat", also when clicked again)
 * or another person signing in (or out) starts a different session.
 */
export function useChatSession(threadId: string | undefined): ChatSession {
  const { key } = useLocation();
  const userId = useAppSelector((s) => s.user.currentUser?.id ?? null);
  const [current, setCurrent] = useState(() => session(threadId));
  const [seen, setSeen] = useState({ threadId, key, userId });
  if (seen.threadId !== threadId || seen.key !== key || seen.userId !== userId) {
    setSeen({ threadId, key, userId });
    if (seen.userId !== userId || !threadId) setCurrent(session(threadId));
    else if (threadId !== current.id) setCurrent(session(threadId));
  }
  return current;
}
