import { describe, expect, it } from 'vitest';
import { listboxMove } from './listbox-move.ts';

describe('listboxMove', () => {
  it('moves by one with the arrows and by eight with Page keys, staying inside the list', () => {
    expect(listboxMove('ArrowDown', 3, 10)).toBe(4);
    expect(listboxMove('ArrowDown', 9, 10)).toBe(9);
    expect(listboxMove('ArrowUp', 0, 10)).toBe(0);
    expect(listboxMove('PageDown', 5, 10)).toBe(9);
    expect(listboxMove('PageUp', 5, 10)).toBe(0);
    expect(listboxMove('ArrowDown', 0, 0)).toBe(0);
    expect(listboxMove('Enter', 2, 10)).toBeNull();
  });
});
