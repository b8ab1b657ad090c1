import type { Db } from './db/client.ts';
import type { Env } from './env.ts';
import type { ChatRuntime } from './features/chat/chat-runtime.ts';
import type { ChatTurnDeps } from './features/chat/chat-turn.ts';
import type { ToolRegistry } from './features/chat/tool-definition.ts';
import type { ImageModelRegistry } from './features/images/image-models.ts';
import { createWebSearchRuntime, type WebSearchRuntime } from './features/search/web-search-runtime.ts';
import { createToolRegistry } from './features/tools/tool-registry.ts';
import type { Logger } from './lib/logger.ts';
import type { JobSender } from './lib/queue/job.ts';
import type { FileStore } from './lib/storage/file-store.ts';

/**
 * What every chat turn needs, assembled once for the process and handed to the routes (app.ts) and
 * the jobs (app-jobs.ts: WhatsApp) alike, so a turn gets the same tools, search service, models and
 * queue whoever starts it. A job's run lends its own logger and sender (`turnDepsInRun`).
 */
export function createChatTurns(deps: {
  db: Db;
  env: Env;
  files: FileStore;
  logger: Logger;
  chat: ChatRuntime;
  imageModels: ImageModelRegistry;
  /** The search service; created from env when undefined, none when null. */
  webSearch?: WebSearchRuntime | null | undefined;
  /** Where the slow work a turn's functions start goes (the job queue, or a deferred sender for it). */
  jobs: JobSender;
  tools?: ToolRegistry;
}): ChatTurnDeps {
  const { db, env, files, logger, chat, imageModels, jobs } = deps;
  const webSearch = deps.webSearch === undefined ? createWebSearchRuntime(env) : (deps.webSearch ?? undefined);
  const tools = deps.tools ?? createToolRegistry();
  return {
    db,
    env,
    files,
    logger,
    runtime: chat,
    tools,
    services: {
      db,
      env,
      files,
      logger,
      jobs,
      imageModels,
      imageKinds: tools.imageKinds,
      webSearch,
      chatModels: chat.models,
    },
  };
}
