// The chat feature's public face: what the tools and other features may use (docs/ARCHITECTURE.md, layers).
export type { ChatUIMessage } from './chat-request.ts';
export { type ChatActions, Conversation, type ConversationTool, type FunctionCard } from './conversation.tsx';
export { useChatSession } from './use-chat-session.ts';
