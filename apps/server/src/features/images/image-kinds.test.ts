import { describe, expect, it } from 'vitest';
import { createImageKindRegistry, type ImageKind } from './image-kinds.ts';

const kind = (id: string): ImageKind => ({ id, modelName: () => `Made by ${id}` });

describe('createImageKindRegistry', () => {
  it('finds a kind by the id its rows carry and lists every id', () => {
    const kinds = createImageKindRegistry([kind('a'), kind('b')]);
    expect(kinds.get('b')?.id).toBe('b');
    expect(kinds.get('gpt-image-1')).toBeUndefined();
    expect(kinds.ids).toEqual(['a', 'b']);
  });

  it('refuses a kind contributed twice (at boot, like a tool defined twice)', () => {
    expect(() => createImageKindRegistry([kind('a'), kind('a')])).toThrow('image kind a is contributed twice');
  });
});
