/** Options a Page key moves by. */
const PAGE = 8;

/**
 * Where a key moves the active option of a searchable list (a combobox whose input owns the
 * keyboard): arrows by one, Page Up/Down by eight, kept inside the list. Null for any other key.
 */
export function listboxMove(key: string, active: number, count: number): number | null {
  const last = Math.max(0, count - 1);
  switch (key) {
    case 'ArrowDown':
      return Math.min(last, active + 1);
    case 'ArrowUp':
      return Math.max(0, active - 1);
    case 'PageDown':
      return Math.min(last, active + PAGE);
    case 'PageUp':
      return Math.max(0, active - PAGE);
    default:
      return null;
  }
}
