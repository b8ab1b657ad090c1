import { describe, expect, it } from 'vitest';
import { CHAT_TOOL_IDS, DEFAULT_CHAT_TOOL_SETTINGS, toolIdFromPath } from './tool-settings.ts';

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
