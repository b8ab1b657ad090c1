/**
 * Local stand-ins for the model providers (OpenAI, Anthropic, Google Gemini, DeepSeek, xAI) on their
 * real paths and wire formats, scriptable per request and counting calls. See server.ts for the
 * endpoints and script.ts for the scripts and the `[[fake …]]` directive.
 */

export type { Frame, Wire } from './formats.ts';
export { errorBody } from './formats.ts';
export type { AnswerPlan, FakeScript, Provider } from './script.ts';
export {
  DEFAULT_PACE_MS,
  DEFAULT_REASONING_TOKENS,
  DEFAULT_TOKENS,
  DirectiveError,
  defaultAnswer,
  defaultAnswerTokens,
  lastUserText,
  leadSentence,
  PROVIDERS,
  parseDirective,
  planAnswer,
  reasoningTokens,
  splitIntoTokens,
} from './script.ts';
export type { CallCounts, ProviderFakes, ProviderFakesOptions, RecordedRequest } from './server.ts';
export { startProviderFakes } from './server.ts';
