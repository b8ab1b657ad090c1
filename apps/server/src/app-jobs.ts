import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import type { BillingRuntime } from './features/billing/billing-runtime.ts';
import { billingSweepJob, stripePriceCheckJob } from './features/billing/billing-sweep.ts';
import type { ChatRuntime } from './features/chat/chat-runtime.ts';
import type { ChatTurnDeps } from './features/chat/chat-turn.ts';
import { createThreadSummaryJob } from './features/chat/summaries/thread-summary.job.ts';
import { createDataExportJob, purgeDataExportsJob } from './features/data-export/data-export.job.ts';
import { createDocumentJob } from './features/documents/document.job.ts';
import { createImageJob } from './features/images/image.job.ts';
import type { ImageModelRegistry } from './features/images/image-models.ts';
import { modelCheckJob } from './features/models/model-check.ts';
import { deleteExpiredDataJob } from './features/privacy/retention.job.ts';
import { purgeDeletedThreadsJob } from './features/threads/threads.service.ts';
import { usageRollupJob } from './features/usage/usage-rollup.job.ts';
import { createWhatsAppMessageJob } from './features/whatsapp/whatsapp-message.job.ts';
import type { WhatsAppRuntime } from './features/whatsapp/whatsapp-runtime.ts';
import { createWhatsAppSendJob } from './features/whatsapp/whatsapp-send.job.ts';
import type { Logger } from './lib/logger.ts';
import type { Mailer } from './lib/mail/mailer.ts';
import type { JobDefinition } from './lib/queue/job.ts';
import type { FileStore } from './lib/storage/file-store.ts';

/**
 * Every job of the app, a line each: what the queue works (index.ts starts it with these). A tool's
 * jobs are its own (ToolDefinition.jobs), gathered by the tool registry.
 */
export function appJobs(deps: {
  env: Env;
  database: Database;
  chat: ChatRuntime;
  whatsapp: WhatsAppRuntime;
  /** The chat turns the routes use too (app-turns.ts). */
  turns: ChatTurnDeps;
  files: FileStore;
  imageModels: ImageModelRegistry;
  billing: BillingRuntime;
  logger: Logger;
  mailer: Mailer;
  // biome-ignore lint/suspicious/noExplicitAny: each definition keeps its own payload type
}): JobDefinition<any>[] {
  const db = deps.database.db;
  return [
    createImageJob({ db, files: deps.files, imageModels: deps.imageModels }),
    createDocumentJob({ db, files: deps.files }),
    ...deps.turns.tools.jobs({ db, files: deps.files, chatModels: deps.chat.models }),
    billingSweepJob(deps.billing),
    stripePriceCheckJob(deps.billing, deps.logger),
    purgeDeletedThreadsJob(db),
    deleteExpiredDataJob(db),
    createWhatsAppMessageJob({ turns: deps.turns, whatsapp: deps.whatsapp }),
    createWhatsAppSendJob({ db, whatsapp: deps.whatsapp }),
    createThreadSummaryJob({
      db,
      models: deps.chat.models,
      historyTokens: deps.env.CHAT_HISTORY_TOKENS,
      logger: deps.logger,
    }),
    usageRollupJob(db),
    modelCheckJob({ db, env: deps.env, models: deps.chat.models, imageModels: deps.imageModels, logger: deps.logger }),
    createDataExportJob({
      db,
      files: deps.files,
      imageKinds: deps.turns.services.imageKinds,
      mailer: deps.mailer,
      publicUrl: deps.env.PUBLIC_URL,
      logger: deps.logger,
    }),
    purgeDataExportsJob({ db, files: deps.files }),
  ];
}
