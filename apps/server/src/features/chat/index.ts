/** The chat feature's public face: what other features and the tools may use (the rest is its own). */

export type { ChatTurnDeps } from './chat-turn.ts';
export { startChatTurn, turnDepsInRun } from './chat-turn.ts';
export type { AnswerOutcome } from './generation.ts';
export { summaryMarker } from './summaries/summary-store.ts';
export type {
  DemoScript,
  ToolDefinition,
  ToolJobDeps,
  ToolRegistry,
  ToolRoute,
  ToolRouteDeps,
  ToolTurn,
  TurnPreparation,
} from './tool-definition.ts';
export { defineTool } from './tool-definition.ts';
