/**
 * Runs the web-search stand-ins until Ctrl-C:
 *
 *   node packages/provider-fakes/src/search/cli.ts     (PORT, default 4020; HOST, default 127.0.0.1)
 *
 * and prints the variables that point the server's search providers at them.
 */
import { startSearchFakes } from './search-fake.ts';

const port = Number(process.env.PORT ?? 4020);
const host = process.env.HOST ?? '127.0.0.1';
const fakes = await startSearchFakes({ port, host });

console.log(`Web-search stand-ins listening on ${fakes.url}

  TAVILY_API_KEY=any  TAVILY_BASE_URL=${fakes.baseUrls.tavily}
  BRAVE_SEARCH_API_KEY=any  BRAVE_SEARCH_BASE_URL=${fakes.baseUrls.brave}
  SEARXNG_URL=${fakes.baseUrls.searxng}

Results point at ${fakes.pagesUrl}/…; script a query with
POST ${fakes.url}/__control/script {"query":"…","outcome":{"fail":"rate-limit"}} (or results, delayMs, hang).`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) process.exit(1);
    closing = true;
    void fakes.close().then(() => process.exit(0));
  });
}
