import { type KeyboardEvent, type PointerEvent, useState } from 'react';

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * For a menu or drawer whose library (Radix's menu with its positioning, ~30 KB gzip with the dialog's
 * focus and scroll locking) need not be on the first screen (B7): its trigger is a plain button until
 * it is used. Hovering or focusing it fetches the code; pressing it (pointer down, as Radix opens a
 * menu, a click, or Enter/Space/arrows) sets `used`, and the caller renders the real component opened
 * (defaultOpen) in the trigger's place.
 */
export function useLoadOnUse(load: () => Promise<unknown>) {
  const [used, setUsed] = useState(false);
  const use = () => {
    void load();
    setUsed(true);
  };
  const triggerProps = {
    'aria-haspopup': 'menu' as const,
    'aria-expanded': false,
    onPointerEnter: () => void load(),
    onFocus: () => void load(),
    onPointerDown: (event: PointerEvent) => {
      if (event.button === 0 && !event.ctrlKey) use();
    },
    onClick: use,
    onKeyDown: (event: KeyboardEvent) => {
      if (!OPENING_KEYS.has(event.key)) return;
      event.preventDefault();
      use();
    },
  };
  return { used, triggerProps };
}
