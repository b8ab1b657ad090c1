/**
 * The three search APIs' response bodies, success and error, built from one neutral result list.
 * Shapes follow each service's documented responses: Tavily `POST /search`, Brave
 * `GET /res/v1/web/search`, SearXNG `GET /search?format=json`.
 */

export const SEARCH_SERVICES = ['tavily', 'brave', 'searxng'] as const;
export type SearchService = (typeof SEARCH_SERVICES)[number];

/** One result as a test writes it; each service's body is made from these. */
export type FakeSearchResult = {
  url: string;
  title: string;
  snippet: string;
  /** Brave reports a site name (profile.name); the others only the URL. */
  siteName?: string;
  /** ISO 8601; each service reports it in its own field and format. */
  publishedAt?: string;
};

/** The failures a test can ask for; each service answers with its own status and body. */
export const SEARCH_FAILURES = ['auth', 'rate-limit', 'quota', 'bad-request', 'server'] as const;
export type SearchFailure = (typeof SEARCH_FAILURES)[number];

export type WireAnswer = { status: number; contentType: string; body: string };

const json = (status: number, body: unknown): WireAnswer => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(body),
});

/** Brave marks the query's words in titles and descriptions with <strong>. */
function highlight(text: string, query: string): string {
  const words = query
    .split(/\s+/)
    .filter((w) => w.length > 2)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (words.length === 0) return text;
  return text.replace(new RegExp(`(${words.join('|')})`, 'gi'), '<strong>$1</strong>');
}

export function tavilyResults(query: string, results: FakeSearchResult[], count: number, n: number): WireAnswer {
  return json(200, {
    query,
    follow_up_questions: null,
    answer: null,
    images: [],
    results: results.slice(0, count).map((r, i) => ({
      url: r.url,
      title: r.title,
      content: r.snippet,
      score: Number((0.9 - i * 0.05).toFixed(4)),
      raw_content: null,
      // Tavily dates news results as an RFC 1123 string.
      ...(r.publishedAt ? { published_date: new Date(r.publishedAt).toUTCString() } : {}),
    })),
    response_time: 0.42,
    request_id: `standin-${n.toString(16).padStart(8, '0')}`,
  });
}

export function braveResults(query: string, results: FakeSearchResult[], count: number): WireAnswer {
  const page = results.slice(0, count);
  return json(200, {
    type: 'search',
    query: {
      original: query,
      show_strict_warning: false,
      is_navigational: false,
      is_news_breaking: false,
      spellcheck_off: true,
      country: 'us',
      bad_results: false,
      should_fallback: false,
      postal_code: '',
      city: '',
      header_country: '',
      more_results_available: false,
      state: '',
    },
    mixed: {
      type: 'mixed',
      main: page.map((_, index) => ({ type: 'web', index, all: false })),
      top: [],
      side: [],
    },
    web: {
      type: 'search',
      family_friendly: true,
      results: page.map((r) => {
        const url = new URL(r.url);
        return {
          title: highlight(r.title, query),
          url: r.url,
          is_source_local: false,
          is_source_both: false,
          description: highlight(r.snippet, query),
          ...(r.publishedAt
            ? {
                page_age: r.publishedAt.slice(0, 19),
                age: new Date(r.publishedAt).toLocaleDateString('en-US', {
                  month: 'long',
                  day: 'numeric',
                  year: 'numeric',
                }),
              }
            : {}),
          profile: {
            name: r.siteName ?? url.hostname,
            url: r.url,
            long_name: url.hostname,
            img: `https://imgs.search.brave.com/standin/${url.hostname}`,
          },
          language: 'en',
          family_friendly: true,
          type: 'search_result',
          subtype: 'generic',
          is_live: false,
          meta_url: {
            scheme: url.protocol.replace(':', ''),
            netloc: url.host,
            hostname: url.hostname,
            favicon: `https://imgs.search.brave.com/standin/favicon/${url.hostname}`,
            path: url.pathname === '/' ? '' : `› ${url.pathname.split('/').filter(Boolean).join(' › ')}`,
          },
        };
      }),
    },
  });
}

export function searxngResults(query: string, results: FakeSearchResult[]): WireAnswer {
  return json(200, {
    query,
    number_of_results: 0,
    results: results.map((r, i) => {
      const url = new URL(r.url);
      return {
        url: r.url,
        title: r.title,
        content: r.snippet,
        publishedDate: r.publishedAt ? r.publishedAt.slice(0, 19) : null,
        thumbnail: '',
        engine: 'duckduckgo',
        template: 'default.html',
        parsed_url: [url.protocol.replace(':', ''), url.host, url.pathname, '', url.search.slice(1), ''],
        img_src: '',
        priority: '',
        engines: ['duckduckgo', 'brave'],
        positions: [i + 1],
        score: Number((2 / (i + 1)).toFixed(4)),
        category: 'general',
      };
    }),
    answers: [],
    corrections: [],
    infoboxes: [],
    suggestions: [],
    unresponsive_engines: [],
  });
}

// --- errors ---------------------------------------------------------------------------------------

/** Tavily answers `{ detail: { error } }` with these statuses. */
const TAVILY_ERRORS: Record<SearchFailure, [number, string]> = {
  auth: [401, 'Unauthorized: missing or invalid API key.'],
  'rate-limit': [429, 'Your request has been blocked due to excessive requests. Please reduce rate of requests.'],
  quota: [
    432,
    "This request exceeds your plan's set usage limit. Please upgrade your plan or contact support@tavily.com",
  ],
  'bad-request': [400, 'Query is missing.'],
  server: [500, 'Internal Server Error'],
};

export function tavilyError(failure: SearchFailure): WireAnswer {
  const [status, error] = TAVILY_ERRORS[failure];
  return json(status, { detail: { error } });
}

/** Brave answers `{ type: 'ErrorResponse', error: { id, status, code, detail, meta }, time }`. */
const BRAVE_ERRORS: Record<SearchFailure, [number, string, string, Record<string, unknown>]> = {
  auth: [
    422,
    'SUBSCRIPTION_TOKEN_INVALID',
    'The provided subscription token is invalid.',
    { component: 'authentication' },
  ],
  'rate-limit': [
    429,
    'RATE_LIMITED',
    'Request rate limit exceeded for plan.',
    { plan: 'Free', rate_limit: 1, rate_current: 2, quota_limit: 2000, quota_current: 12, component: 'rate_limiter' },
  ],
  quota: [
    429,
    'RATE_LIMITED',
    'Request quota limit exceeded for plan.',
    { plan: 'Free', rate_limit: 1, rate_current: 1, quota_limit: 2000, quota_current: 2001, component: 'rate_limiter' },
  ],
  'bad-request': [
    422,
    'VALIDATION',
    'Unable to validate request parameter(s)',
    { errors: [{ type: 'missing', loc: ['query', 'q'], msg: 'Field required', input: null }] },
  ],
  server: [500, 'UNKNOWN', 'An unexpected error occurred.', { component: 'api' }],
};

export function braveError(failure: SearchFailure, n: number): WireAnswer {
  const [status, code, detail, meta] = BRAVE_ERRORS[failure];
  const id = `5d832250-9396-4f6e-b84a-${n.toString(16).padStart(12, '0')}`;
  return json(status, { type: 'ErrorResponse', error: { id, status, code, detail, meta }, time: 1700000000 + n });
}

/** SearXNG is a Flask app: errors are short HTML pages, and a disabled format is a 403. */
const SEARXNG_ERRORS: Record<SearchFailure | 'format', [number, string]> = {
  auth: [403, 'Forbidden'],
  format: [403, 'Forbidden'],
  'rate-limit': [429, 'Too Many Requests'],
  quota: [429, 'Too Many Requests'],
  'bad-request': [400, 'Bad Request'],
  server: [500, 'Internal Server Error'],
};

export function searxngError(failure: SearchFailure | 'format'): WireAnswer {
  const [status, title] = SEARXNG_ERRORS[failure];
  return {
    status,
    contentType: 'text/html; charset=utf-8',
    body: `<!doctype html>\n<html lang=en>\n<title>${status} ${title}</title>\n<h1>${title}</h1>\n`,
  };
}
