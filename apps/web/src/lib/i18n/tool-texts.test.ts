import { CHAT_TOOL_IDS } from '@polymath/shared';
import { describe, expect, it } from 'vitest';
import enTools from '../../locales/en/tools.json';
import trTools from '../../locales/tr/tools.json';
import { toolTextsKey } from './tool-texts.ts';

describe('toolTextsKey', () => {
  it('is the id in camelCase, and AI Chat’s texts are `chat`', () => {
    expect(toolTextsKey('image-generator')).toBe('imageGenerator');
    expect(toolTextsKey('horoscope')).toBe('horoscope');
    expect(toolTextsKey('web-main')).toBe('chat');
  });

  it('finds a title for every tool of the catalogue, in both languages', () => {
    for (const texts of [enTools, trTools] as Record<string, { title?: string }>[]) {
      for (const id of CHAT_TOOL_IDS) expect(texts[toolTextsKey(id)]?.title, id).toBeTruthy();
    }
  });
});
