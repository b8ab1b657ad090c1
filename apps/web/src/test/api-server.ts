import { HttpResponse, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The one fake API every web test talks to: MSW intercepts `fetch`, so the app's own RTK Query
 * calls go out unchanged. Each test adds its handlers with `mockApi`; `test/setup.ts` starts the
 * server, fails on any request no handler answers, and resets the handlers after each test.
 */
export const apiServer = setupServer();

export function mockApi(...handlers: RequestHandler[]): void {
  apiServer.use(...handlers);
}

/** The catalogue's error shape (`{ error: { code, message } }`) with its status. */
export function apiError(status: number, code: string, message = 'Something went wrong.'): Response {
  return HttpResponse.json({ error: { code, message } }, { status });
}

export type SentRequest = { method: string; path: string; url: URL; body?: unknown };

/** Every request the app sends from now on, in order, with its JSON body when it has one. */
export function recordRequests(): SentRequest[] {
  const sent: SentRequest[] = [];
  apiServer.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    const entry: SentRequest = { method: request.method, path: url.pathname, url };
    sent.push(entry);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      void request
        .clone()
        .text()
        .then((text) => {
          if (text) entry.body = JSON.parse(text);
        });
    }
  });
  return sent;
}
