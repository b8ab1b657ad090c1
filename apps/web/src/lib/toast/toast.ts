import type { ExternalToast, toast as sonnerToast } from 'sonner';

/**
 * The toast library (sonner, ~15 KB gzip) loads when the first toast is raised, not with the first
 * screen (B7). `toast` has the shape of sonner's for what the app uses; each call waits for the
 * library, in order, and sonner's Toaster shows toasts raised before it mounted. An id is made here so
 * `toast()` can return it at once (for `toast.dismiss`).
 */
type Sonner = typeof import('sonner');
type Message = Parameters<typeof sonnerToast>[0];

let sonner: Promise<Sonner> | null = null;
const loadListeners = new Set<() => void>();
let nextId = 0;

export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    for (const listener of loadListeners) listener();
  }
  return sonner;
}

/** The Toaster mounts once the library is asked for (lazy-toaster.tsx listens here). */
export function onSonnerRequested(listener: () => void): () => void {
  loadListeners.add(listener);
  return () => loadListeners.delete(listener);
}

export function sonnerRequested(): boolean {
  return sonner !== null;
}

function show(kind: 'message' | 'success' | 'error' | 'info', message: Message, data?: ExternalToast): string | number {
  const id = data?.id ?? `toast-${++nextId}`;
  void loadSonner().then(({ toast }) => {
    const options = { ...data, id };
    if (kind === 'message') toast(message, options);
    else toast[kind](message, options);
  });
  return id;
}

export const toast = Object.assign((message: Message, data?: ExternalToast) => show('message', message, data), {
  success: (message: Message, data?: ExternalToast) => show('success', message, data),
  error: (message: Message, data?: ExternalToast) => show('error', message, data),
  info: (message: Message, data?: ExternalToast) => show('info', message, data),
  dismiss: (id?: string | number) => {
    // Nothing to dismiss before the library was ever asked for.
    if (sonner) void sonner.then(({ toast }) => toast.dismiss(id));
  },
});
