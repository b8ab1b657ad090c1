import { DEFAULT_CHAT_TOOL_SETTINGS } from '@polymath/shared';
import { describe, expect, it } from 'vitest';
import { chatSlice, draftChanged, initialChatState, toolModelChosen } from './chat-slice.ts';

describe('chat slice', () => {
  it('starts with the spec defaults per tool', () => {
    expect(initialChatState.toolSettings['web-main']).toEqual({ llmName: 'openaitest', modelName: 'gpt-4o-mini' });
    expect(initialChatState.toolSettings['web-search']).toEqual({ llmName: 'openaitest', modelName: 'gpt-4.1' });
    expect(initialChatState.toolSettings).toEqual(DEFAULT_CHAT_TOOL_SETTINGS);
  });

  it('keeps a draft per key and drops it when emptied', () => {
    let state = chatSlice.reducer(initialChatState, draftChanged({ key: 'logo-maker', text: 'a fox' }));
    expect(state.drafts['logo-maker']).toBe('a fox');
    state = chatSlice.reducer(state, draftChanged({ key: 'logo-maker', text: '' }));
    expect('logo-maker' in state.drafts).toBe(false);
  });

  it('changes one tool model without touching the others', () => {
    const state = chatSlice.reducer(
      initialChatState,
      toolModelChosen({ toolId: 'horoscope', setting: { llmName: 'anthropic', modelName: 'claude-3-5-haiku-latest' } }),
    );
    expect(state.toolSettings.horoscope.modelName).toBe('claude-3-5-haiku-latest');
    expect(state.toolSettings['web-main'].modelName).toBe('gpt-4o-mini');
  });
});
