import { PHOTO_TRANSLATE_MODEL_ID, TEXT_LOGO_MODEL_ID } from '@polymath/shared';
import { describe, expect, it } from 'vitest';
import { createToolRegistry } from './tool-registry.ts';

describe('createToolRegistry', () => {
  it("gathers the tools' image kinds: the logo maker's text logos and photo translate's translations", () => {
    const { imageKinds } = createToolRegistry();
    expect([...imageKinds.ids].sort()).toEqual([PHOTO_TRANSLATE_MODEL_ID, TEXT_LOGO_MODEL_ID].sort());
    expect(imageKinds.get(TEXT_LOGO_MODEL_ID)?.modelName({} as never)).toBe('Text logo (rendered by Polymath)');
  });
});
