import { type ChatToolId, type ChatToolSetting, DEFAULT_CHAT_TOOL_SETTINGS } from '@polymath/shared';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Durable chat intent: the model each tool uses and unsent drafts. Persisted (spec §4). */
export type ChatState = {
  toolSettings: Record<ChatToolId, ChatToolSetting>;
  /** Unsent text per tool id (or per thread, keyed `tool:threadId`), kept across reloads. */
  drafts: Record<string, string>;
  /** Each tool's structured inputs as last set (a horoscope type and sign, image options…). */
  toolInputs: Partial<Record<ChatToolId, Record<string, unknown>>>;
};

export const initialChatState: ChatState = {
  toolSettings: { ...DEFAULT_CHAT_TOOL_SETTINGS },
  drafts: {},
  toolInputs: {},
};

export const chatSlice = createSlice({
  name: 'chat',
  initialState: initialChatState,
  reducers: {
    toolModelChosen(state, action: PayloadAction<{ toolId: ChatToolId; setting: ChatToolSetting }>) {
      state.toolSettings[action.payload.toolId] = action.payload.setting;
    },
    /** Merges into the tool's inputs; a field set to undefined is removed. */
    toolInputChanged(state, action: PayloadAction<{ toolId: ChatToolId; input: Record<string, unknown> }>) {
      const next = { ...(state.toolInputs?.[action.payload.toolId] ?? {}), ...action.payload.input };
      for (const [key, value] of Object.entries(next)) if (value === undefined) delete next[key];
      state.toolInputs = { ...state.toolInputs, [action.payload.toolId]: next };
    },
    draftChanged(state, action: PayloadAction<{ key: string; text: string }>) {
      if (action.payload.text) state.drafts[action.payload.key] = action.payload.text;
      else delete state.drafts[action.payload.key];
    },
  },
});

export const { toolModelChosen, toolInputChanged, draftChanged } = chatSlice.actions;
