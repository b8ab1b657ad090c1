import { describe, expect, it } from 'vitest';
import { isClientRoute } from '../app/routes.ts';
import { threadIdFromPath, threadPagePath } from '../chat/thread-paths.ts';
import {
  CHAT_TOOL_IDS,
  DEFAULT_CHAT_TOOL_SETTINGS,
  IMAGE_TOOL_IDS,
  PRO_TOOL_IDS,
  toolIdFromPath,
  toolRequiresPro,
} from './tool-catalogue.ts';

describe('toolIdFromPath', () => {
  it.each(CHAT_TOOL_IDS)('maps /%s and its sub-paths to itself', (id) => {
    expect(toolIdFromPath(`/${id}`)).toBe(id);
    expect(toolIdFromPath(`/${id}/`)).toBe(id);
    expect(toolIdFromPath(`/${id}/some-thread-id`)).toBe(id);
  });

  it.each(['/', '', '/settings', '/gallery', '/nope/web-main', '/WEB-MAIN', '/web-mainx'])(
    'falls back to web-main for %j',
    (path) => {
      expect(toolIdFromPath(path)).toBe('web-main');
    },
  );

  it('uses the horoscope tool for nested horoscope routes', () => {
    expect(toolIdFromPath('/horoscope/love/123')).toBe('horoscope');
  });

  it('has a default setting for every tool id', () => {
    for (const id of CHAT_TOOL_IDS) {
      expect(DEFAULT_CHAT_TOOL_SETTINGS[id]).toEqual({ llmName: expect.any(String), modelName: expect.any(String) });
    }
    expect(Object.keys(DEFAULT_CHAT_TOOL_SETTINGS).sort()).toEqual([...CHAT_TOOL_IDS].sort());
  });
});

describe('the tool catalogue', () => {
  it('decides Pro once, by the spec: the image generator is a Pro tool; WhatsApp is gated where a number is linked', () => {
    expect(PRO_TOOL_IDS).toEqual(['image-generator']);
    expect(toolRequiresPro('image-generator')).toBe(true);
    expect(toolRequiresPro('whatsapp')).toBe(false);
  });

  it('names the tools that make images, and a thread page for every tool', () => {
    expect(IMAGE_TOOL_IDS).toEqual(['image-generator', 'photo-translate', 'logo-maker', 'tattoo-generator']);
    for (const id of CHAT_TOOL_IDS) {
      expect(isClientRoute(threadPagePath(id))).toBe(true);
      expect(isClientRoute(threadPagePath(id, 'thread-1'))).toBe(true);
      expect(threadIdFromPath(threadPagePath(id, 'thread-1'))).toBe('thread-1');
    }
    expect(threadPagePath('horoscope', 'thread-1')).toBe('/horoscope/daily/thread-1');
  });
});
