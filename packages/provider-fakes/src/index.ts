/**
 * Local stand-ins for the model providers (OpenAI, Anthropic, Google Gemini, DeepSeek, xAI) on their
 * real paths and wire formats, scriptable per request and counting calls. See server.ts for the
 * endpoints and script.ts for the scripts and the `[[fake …]]` directive.
 *
 * Also a stand-in for the Stripe API (checkout, subscriptions, billing portal, signed webhooks) that the real
 * stripe SDK can be pointed at: see stripe/stripe-fake.ts.
 *
 * And one for the web-search services (Tavily, Brave Search, SearXNG) with the pages their results point
 * at: see search/search-fake.ts.
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
