/**
 * Local stand-ins for the model providers (OpenAI, Anthropic, Google Gemini, DeepSeek, xAI) on their
 * real paths and wire formats, scriptable per request and counting calls. See server.ts for the
 * endpoints and script.ts for the scripts and the `[[fake …]]` directive; tools.ts for tool calls
 * (`[[fake tool=<name> args=<json>]]`, and a call to the first offered tool by default).
 *
 * Image generation and edits stand in too: OpenAI and xAI `/v1/images/generations` and
 * `/v1/images/edits`, Gemini image output on generateContent; real pictures as base64 or URLs,
 * scripted with `[[fake-image …]]` in the prompt or the image-script queue (images/image-script.ts).
 *
 * Also a stand-in for the Stripe API (checkout, subscriptions, billing portal, signed webhooks) that the real
 * stripe SDK can be pointed at: see stripe/stripe-fake.ts; and one for S3 (objects, listing, batch delete,
 * SigV4 and presigned URLs) for the AWS SDK and browsers: see s3/s3-fake.ts.
 *
 * And one for the web-search services (Tavily, Brave Search, SearXNG) with the pages their results point
 * at: see search/search-fake.ts; and one for the WhatsApp Cloud API (messages, templates, media, errors,
 * rate limits, signed webhooks): see whatsapp/graph-fake.ts.
 */

export { contextLengthError, createPromptCache, OPENAI_CONTEXT_WINDOWS, openaiPromptTokens } from './context-window.ts';
export type { Frame, Wire } from './formats.ts';
export { errorBody } from './formats.ts';
export type { FakeImageScript } from './images/image-script.ts';
export { checkImageScript, parseImageDirective } from './images/image-script.ts';
export { markdownAnswer } from './markdown-answer.ts';
export { DEFAULT_MODEL_ALIASES, DEFAULT_MODEL_LISTS } from './model-lists.ts';
export type { S3Fake, S3FakeObject, S3FakeOptions, S3FakeRequest } from './s3/s3-fake.ts';
export { startS3Fake } from './s3/s3-fake.ts';
export type { AnswerPlan, FakeScript, Provider, ToolCallPlan } from './script.ts';
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
  withoutDirectives,
} from './script.ts';
export type { SearchFakeRequest, SearchFakes, SearchFakesOptions, SearchOutcome } from './search/search-fake.ts';
export { startSearchFakes } from './search/search-fake.ts';
export { articleParagraphs, BOILERPLATE_MARKERS, defaultResults, slugify } from './search/search-pages.ts';
export type { FakeSearchResult, SearchFailure, SearchService } from './search/search-wire.ts';
export { SEARCH_FAILURES, SEARCH_SERVICES } from './search/search-wire.ts';
export type { CallCounts, ProviderFakes, ProviderFakesOptions, RecordedRequest } from './server.ts';
export { startProviderFakes } from './server.ts';
export type { FormObject, FormValue } from './stripe/form-body.ts';
export { FormBodyError, parseFormBody } from './stripe/form-body.ts';
export type { StripeErrorBody } from './stripe/stripe-errors.ts';
export type {
  StripeFake,
  StripeFakeOptions,
  StripeFakeRequest,
  StripeWebhookDelivery,
} from './stripe/stripe-fake.ts';
export { startStripeFake } from './stripe/stripe-fake.ts';
export type { StripeEventObject, StripeFakePrice, StripeFakeTaxRate, StripeInterval } from './stripe/stripe-objects.ts';
export { STRIPE_API_VERSION } from './stripe/stripe-objects.ts';
export type { OfferedTool, ToolResult } from './tools.ts';
export { offeredTools, synthesizeToolArgs, toolResultAnswer, trailingToolResults } from './tools.ts';
export type {
  GraphFailure,
  GraphFake,
  GraphFakeOptions,
  GraphFakeRequest,
  GraphInbound,
  GraphSentMessage,
  GraphStatus,
} from './whatsapp/graph-fake.ts';
export { GRAPH_API_VERSION, GRAPH_FAILURES, startGraphFake } from './whatsapp/graph-fake.ts';
