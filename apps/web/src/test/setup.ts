import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { initI18n } from '../lib/i18n/i18n.ts';
import { loadMoreTexts } from '../lib/i18n/more-texts.ts';
import { apiServer } from './api-server.ts';

// Node's Request needs an absolute URL; the app's calls are relative to the page, as in a browser.
const NodeRequest = globalThis.Request;
globalThis.Request = class PageRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
  }
};

// The chat session and other heavy screens are lazy chunks; the first test in a file that opens one waits for
// it to be transformed, which on a loaded 2-core machine can take longer than Testing Library's default 1 s.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(async () => {
  await initI18n('en');
  // Components are rendered without their lazy route, which loads the tools' texts in the app.
  await loadMoreTexts();
  apiServer.listen({ onUnhandledRequest: 'error' });
});

afterEach(async () => {
  cleanup();
  apiServer.resetHandlers();
  apiServer.events.removeAllListeners();
  await i18next.changeLanguage('en');
});

afterAll(() => {
  apiServer.close();
});
