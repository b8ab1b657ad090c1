import { type RefObject, useEffect, useRef } from 'react';

/**
 * Escape in the given element runs `onEscape` before anything else sees the key: the phone drawer
 * (a Radix dialog) listens on the document in the capture phase and would close first. Return
 * false from `onEscape` to let Escape through (an empty search box then closes the drawer).
 */
export function useEscapeFirst(ref: RefObject<HTMLElement | null>, onEscape: () => boolean | undefined): void {
  const handler = useRef(onEscape);
  handler.current = onEscape;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.isComposing || !ref.current || event.target !== ref.current) return;
      if (handler.current() === false) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [ref]);
}
