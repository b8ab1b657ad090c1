// The chat feature's public face: what the tools and other features may use (docs/ARCHITECTURE.md, layers).
export type { ChatUIMessage } from './chat-transport.ts';
export {
  type ChatActions,
  ConversationPanel,
  type ConversationTool,
  type FunctionCard,
} from './conversation-panel.tsx';
export { useChatSession } from './use-chat-session.ts';
