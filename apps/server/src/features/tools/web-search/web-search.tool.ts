import {
  type Locale,
  PRIVATE_INFO_REFUSAL,
  privateInfoRequest,
  WEB_SEARCH_FUNCTION,
  type WebSource,
} from '@polymath/shared';
import { AppError } from '../../../lib/app-error.ts';
import { defineTool } from '../../chat/index.ts';
import { basePrompt } from '../base-prompt.ts';
import { createSourceRegistry } from './source-registry.ts';
import { holdAnswerToSources, threadSources } from './thread-sources.ts';
import { webSearchSystemPrompt } from './web-search.prompts.ts';
import { createWebSearchFunctions, type SearchResultForModel, type WebSearchOutput } from './web-search-functions.ts';

/** Searches and page reads one answer may make, and the steps they take (search, read, search again, answer). */
const MAX_STEPS = 8;

const DEMO_TEXT: Record<
  Locale,
  { intro: (query: string) => string; none: string; failed: (error: string) => string; outro: string }
> = {
  en: {
    intro: (query) =>
      `**Demo mode.** The offline demo model cannot read or summarise pages, so here is what the web search found for “${query}”:`,
    none: '**Demo mode.** The web search found nothing for this. Try other words.',
    failed: (error) => `**Demo mode.** The web search did not work: ${error}`,
    outro:
      'Add a model provider key to the server (for example `OPENAI_API_KEY`) for answers written from these sources.',
  },
  tr: {
    intro: (query) =>
      `**Demo modu.** Çevrimdışı demo modeli sayfaları okuyup özetleyemez; “${query}” için web aramasının bulduğu sonuçlar şunlar:`,
    none: '**Demo modu.** Web araması bunun için bir şey bulamadı. Başka kelimeler deneyin.',
    failed: (error) => `**Demo modu.** Web araması çalışmadı: ${error}`,
    outro:
      'Bu kaynaklardan yazılmış yanıtlar için sunucuya bir model sağlayıcısı anahtarı ekleyin (ör. `OPENAI_API_KEY`).',
  },
};

/** The demo's answer: the results as a cited list (their own titles and snippets, nothing made up). */
function demoAnswer(locale: Locale, output: WebSearchOutput | undefined): string {
  const text = DEMO_TEXT[locale];
  if (!output) return text.none;
  if ('error' in output) return text.failed(output.error);
  if (output.results.length === 0) return text.none;
  const lines = output.results.map(
    (r: SearchResultForModel) => `- **${r.title}** (${r.siteName}): ${r.snippet || r.url} [${r.n}]`,
  );
  return [text.intro(output.query), '', ...lines, '', text.outro].join('\n');
}

/**
 * Web search (/web-search): the model searches the configured service (web_search), reads result
 * pages through the outbound guard (open_page) and answers citing the numbered results as [n]; a
 * thread's follow-ups continue its numbering. Plain requests for a person's private details are
 * declined before any model or search is asked (the system prompt guards the subtler ones).
 * Without a search service it refuses to run: the page says web search is not set up.
 */
export const webSearchTool = defineTool({
  id: 'web-search',
  systemPrompt: ({ locale, now }) => `${basePrompt(locale)}\n\n${webSearchSystemPrompt(locale, now)}`,
  checkReady: (services) => {
    if (!services.webSearch) throw new AppError('WEB_SEARCH_NOT_CONFIGURED');
  },
  decline: ({ text, locale }) => (privateInfoRequest(text) ? PRIVATE_INFO_REFUSAL[locale] : null),
  functions: async (turn) => {
    const runtime = turn.services.webSearch;
    if (!runtime) throw new AppError('WEB_SEARCH_NOT_CONFIGURED');
    const log = turn.services.logger.child({ threadId: turn.threadId, answerId: turn.answerId });
    const earlier: WebSource[] = await threadSources(turn.services.db, turn);
    return createWebSearchFunctions({
      provider: runtime.provider,
      fetchPage: runtime.readPage,
      sources: createSourceRegistry(earlier),
      locale: turn.locale,
      onProgress: (event) => {
        if (event.type === 'search-failed') log.warn({ kind: event.kind }, 'web search failed');
        else if (event.type === 'read-failed') log.info({ kind: event.kind }, 'a page could not be read');
      },
    });
  },
  maxSteps: MAX_STEPS,
  finishAnswer: async (parts, turn) => {
    const earlier = await threadSources(turn.services.db, turn);
    return holdAnswerToSources(parts, earlier, turn.services.logger.child({ answerId: turn.answerId }));
  },
  demo: {
    call: ({ text }) =>
      text.trim() ? { name: WEB_SEARCH_FUNCTION, input: { query: text.trim().slice(0, 400) } } : null,
    answer: ({ locale, results }) =>
      demoAnswer(locale, results.find((r) => r.name === WEB_SEARCH_FUNCTION)?.output as WebSearchOutput),
  },
});
