import { describe, expect, it } from 'vitest';
import { createChatTurns } from './app-turns.ts';
import { turnDepsInRun } from './features/chat/chat-turn.ts';
import type { WebSearchRuntime } from './features/search/web-search-runtime.ts';
import type { JobSender } from './lib/queue/job.ts';

type TurnsInput = Parameters<typeof createChatTurns>[0];

/** Stand-ins: createChatTurns only hands these on, it never calls them. */
function input(overrides: Partial<TurnsInput> = {}): TurnsInput {
  const named = (name: string) => ({ name }) as never;
  return {
    db: named('db'),
    env: named('env'),
    files: named('files'),
    logger: named('logger'),
    chat: { models: named('models') } as never,
    imageModels: named('imageModels'),
    webSearch: null,
    jobs: named('jobs'),
    ...overrides,
  };
}

describe('the chat turns, built once', () => {
  it('gives a job run the same tools, search service and models as the routes, with its own logger and queue', () => {
    const webSearch = { close: async () => {} } as unknown as WebSearchRuntime;
    const turns = createChatTurns(input({ webSearch }));
    expect(turns.services.webSearch).toBe(webSearch);
    expect(turns.services.chatModels).toBe(turns.runtime.models);

    const runLogger = { name: 'run logger' } as never;
    const runJobs = { send: async () => 'job' } as JobSender;
    const inRun = turnDepsInRun(turns, { logger: runLogger, jobs: runJobs });
    expect(inRun.tools).toBe(turns.tools);
    expect(inRun.runtime).toBe(turns.runtime);
    expect(inRun.services.webSearch).toBe(webSearch);
    expect(inRun.services.imageModels).toBe(turns.services.imageModels);
    expect(inRun.logger).toBe(runLogger);
    expect(inRun.services.logger).toBe(runLogger);
    expect(inRun.services.jobs).toBe(runJobs);
  });

  it('has no search service when none is configured', () => {
    expect(createChatTurns(input({ webSearch: null })).services.webSearch).toBeUndefined();
  });
});
