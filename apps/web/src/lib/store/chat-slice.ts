import { type ChatToolId, type ChatToolSetting, DEFAULT_CHAT_TOOL_SETTINGS } from '@polymath/shared';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Durable chat intent: the model each tool uses and unsent drafts. Persisted (spec §4). */
export type ChatState = {
  toolSettings: Record<ChatToolId, ChatToolSetting>;
  /** Unsent text per tool id (or per thread, keyed `tool:threadId`), kept across reloads. */
  drafts: Record<string, string>;
};

export const initialChatState: ChatState = {
  toolSettings: { ...DEFAULT_CHAT_TOOL_SETTINGS },
  drafts: {},
};

export const chatSlice = createSlice({
  name: 'chat',
  initialState: initialChatState,
  reducers: {
    toolModelChosen(state, action: PayloadAction<{ toolId: ChatToolId; setting: ChatToolSetting }>) {
      state.toolSettings[action.payload.toolId] = action.payload.setting;
    },
    draftChanged(state, action: PayloadAction<{ key: string; text: string }>) {
      if (action.payload.text) state.drafts[action.payload.key] = action.payload.text;
      else delete state.drafts[action.payload.key];
    },
  },
});

export const { toolModelChosen, draftChanged } = chatSlice.actions;
