import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/**
 * Keeps a scroll container at its bottom while its content grows (a streaming answer), unless the
 * person scrolled up; then `atBottom` is false (show a "scroll to bottom" button) until they return.
 */
export function useStickToBottom(scroller: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>) {
  const stuck = useRef(true);
  const lastTop = useRef(0);
  const [atBottom, setAtBottom] = useState(true);

  const scrollToBottom = useCallback(
    (behavior: ScrollBehavior = 'auto') => {
      const el = scroller.current;
      stuck.current = true;
      setAtBottom(true);
      if (el) el.scrollTo({ top: el.scrollHeight, behavior });
    },
    [scroller],
  );

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onScroll = () => {
      const distance = el.scrollHeight - el.scrollTop - el.clientHeight;
      if (distance <= 4) stuck.current = true;
      else if (el.scrollTop < lastTop.current) stuck.current = false;
      lastTop.current = el.scrollTop;
      setAtBottom(stuck.current || distance <= 4);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [scroller]);

  useEffect(() => {
    const el = scroller.current;
    const inner = content.current;
    if (!el || !inner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stuck.current) {
        el.scrollTop = el.scrollHeight;
        lastTop.current = el.scrollTop;
      }
    });
    observer.observe(inner);
    return () => observer.disconnect();
  }, [scroller, content]);

  return { atBottom, scrollToBottom };
}
