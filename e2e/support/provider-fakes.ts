/**
 * The model providers' stand-ins the e2e server talks to (start-server.ts starts them; see
 * packages/provider-fakes). Specs count the calls the server made and script the next answers through
 * the stand-ins' control endpoints.
 *
 * The stand-ins are shared by every worker, and so are their counts and script queue: tests running in
 * parallel see each other's calls. Prefer a directive in the message a test sends, which scripts that
 * one request only (e.g. `Hello [[fake tokens=3 pace=20]]`, `[[fake text="Hi!"]]`, `[[fake drop=2]]`,
 * `[[fake fail]]`, `[[fake hang]]`, `[[fake status=429]]`, `[[fake reasoning=3]]`), and compare counts
 * before and after rather than resetting them.
 */
import type { CallCounts, FakeImageScript, FakeScript, RecordedRequest } from '@polymath/provider-fakes';
import { readServerState } from './server-state.ts';

export type { CallCounts, FakeScript, RecordedRequest };

async function control(path: string, init?: RequestInit): Promise<Response> {
  const { url } = readServerState().providerFakes;
  const response = await fetch(`${url}/__control/${path}`, init);
  if (!response.ok) {
    throw new Error(
      `provider stand-ins: ${init?.method ?? 'GET'} ${path} answered ${response.status}: ${await response.text()}`,
    );
  }
  return response;
}

/** Calls per provider since the last reset ({ openai, anthropic, google, deepseek, xai, total }), failed ones included. */
export async function fakeCalls(): Promise<CallCounts> {
  return (await (await control('calls')).json()) as CallCounts;
}

/** The last 100 requests the stand-ins received (provider, path, JSON body). */
export async function fakeRequests(): Promise<RecordedRequest[]> {
  return (await (await control('requests')).json()) as RecordedRequest[];
}

/** Zeroes the counts and forgets recorded requests and queued scripts (for every worker). */
export async function resetFakes(): Promise<void> {
  await control('reset', { method: 'POST' });
}

/**
 * Queues scripts for the next provider requests, one per request in order, whichever provider and
 * worker makes them; a `[[fake …]]` directive in a message takes precedence and leaves the queue alone.
 */
export async function scriptFakes(script: FakeScript | FakeScript[]): Promise<void> {
  await control('script', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(script),
  });
}

/**
 * Queues scripts for the next image requests (OpenAI/xAI /v1/images/*, Gemini image output), one per
 * picture in order: a queue of its own, so the chat turn that calls the image tool does not use it.
 */
export async function scriptImageFakes(script: FakeImageScript | FakeImageScript[]): Promise<void> {
  await control('image-script', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(script),
  });
}

/**
 * Sets an OpenAI model's context window in the stand-in (null: none), which refuses longer requests
 * with OpenAI's context_length_exceeded error. Shared by every worker: use a model no other spec uses.
 */
export async function setContextWindow(model: string, tokens: number | null): Promise<void> {
  await control('context-window', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model, tokens }),
  });
}
