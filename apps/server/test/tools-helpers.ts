import { createApp } from '../src/app.ts';
import type { AppDeps } from '../src/app-env.ts';
import { createChatTurns } from '../src/app-turns.ts';
import type { Database } from '../src/db/client.ts';
import { createChatRuntime } from '../src/features/chat/chat-runtime.ts';
import { createThreadSummaryJob } from '../src/features/chat/summaries/thread-summary.job.ts';
import { createDocumentJob } from '../src/features/documents/document.job.ts';
import { createImageJob } from '../src/features/images/image.job.ts';
import { createImageModelRegistry } from '../src/features/images/image-models.ts';
import { createPhotoTranslateJob } from '../src/features/tools/photo-translate/photo-translate.job.ts';
import { createWhatsAppMessageJob } from '../src/features/whatsapp/whatsapp-message.job.ts';
import { createWhatsAppRuntime } from '../src/features/whatsapp/whatsapp-runtime.ts';
import { createWhatsAppSendJob } from '../src/features/whatsapp/whatsapp-send.job.ts';
import { deferredJobSender } from '../src/lib/queue/job.ts';
import { type JobQueue, type QueueTiming, startJobQueue } from '../src/lib/queue/job-queue.ts';
import { createTestDeps, type TestAppOverrides } from './databases.ts';

/** Polls and supervision fast enough for a test to watch jobs run. */
export const FAST_QUEUE: Partial<QueueTiming> = { pollSeconds: 0.5, heartbeatSeconds: 10, superviseSeconds: 1 };

export type ToolsApp = {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  jobs: JobQueue;
  stop(): Promise<void>;
};

/**
 * The app with its job queue working the image, document and WhatsApp jobs, as index.ts starts
 * them (one chat runtime and one WhatsApp runtime shared by the routes and the jobs): for tests of
 * work that runs in jobs. `work: false` gives a queue that only stores jobs (nothing runs them).
 */
export async function startToolsApp(
  database: Database,
  overrides: TestAppOverrides & { work?: boolean } = {},
): Promise<ToolsApp> {
  const deps = createTestDeps(database, overrides);
  const imageModels = createImageModelRegistry(deps.env, undefined, { timeoutMs: 20_000 });
  const chat = createChatRuntime(deps.env, deps.logger);
  const whatsapp = createWhatsAppRuntime({
    env: deps.env,
    db: deps.db,
    logger: deps.logger,
    sessionSecret: deps.secrets.sessionSecret,
  });
  // The chat turns built once, for the routes and the WhatsApp job alike (as index.ts does).
  const turnJobs = deferredJobSender();
  const turns = createChatTurns({ ...deps, chat, imageModels, jobs: turnJobs });
  const jobs = await startJobQueue({
    connection: database.queueConnection,
    logger: deps.logger,
    jobs: [
      createImageJob({ db: deps.db, files: deps.files, imageModels, retryDelaySeconds: 0 }),
      createDocumentJob({ db: deps.db, files: deps.files, retryDelaySeconds: 0 }),
      createPhotoTranslateJob({ db: deps.db, files: deps.files, chatModels: chat.models, retryDelaySeconds: 0 }),
      createWhatsAppMessageJob({ turns, whatsapp }, { retryDelaySeconds: 1 }),
      createWhatsAppSendJob({ db: deps.db, whatsapp }, { retryDelaySeconds: 0 }),
      createThreadSummaryJob(
        { db: deps.db, models: chat.models, historyTokens: deps.env.CHAT_HISTORY_TOKENS, logger: deps.logger },
        { retryDelaySeconds: 0 },
      ),
    ],
    timing: FAST_QUEUE,
    work: overrides.work ?? true,
  });
  turnJobs.use(jobs);
  whatsapp.useQueue(jobs);
  const full: AppDeps = { ...deps, jobs, imageModels, chat, whatsapp, turns };
  return { app: createApp(full), deps: full, jobs, stop: () => jobs.stop(1000) };
}
