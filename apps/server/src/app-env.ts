import type { Database, Db } from './db/client.ts';
import type { Env } from './env.ts';
import type { BillingRuntime } from './features/billing/billing-runtime.ts';
import type { ChatRuntime } from './features/chat/chat-runtime.ts';
import type { ChatTurnDeps } from './features/chat/chat-turn.ts';
import type { ImageModelRegistry } from './features/images/image-models.ts';
import type { WebSearchRuntime } from './features/search/web-search-runtime.ts';
import type { WhatsAppRuntime } from './features/whatsapp/whatsapp-runtime.ts';
import type { LimitStore } from './lib/limits.ts';
import type { Logger } from './lib/logger.ts';
import type { Mailer } from './lib/mail/mailer.ts';
import type { JobQueue } from './lib/queue/job-queue.ts';
import type { Secrets } from './lib/secrets.ts';
import type { StaticFile } from './lib/static-files.ts';
import type { FileStore } from './lib/storage/file-store.ts';

/** What createApp needs; tests build it with an in-memory PGlite and a silent logger. */
export type AppDeps = {
  env: Env;
  database: Database;
  db: Db;
  logger: Logger;
  staticFiles: Map<string, StaticFile>;
  /** Flipped on SIGTERM so /readyz tells the load balancer to stop sending traffic. */
  lifecycle: { draining: boolean };
  /** From the environment or DATA_DIR/secrets.json (lib/secrets.ts); signs sessions and tokens. */
  secrets: Secrets;
  /** SMTP or the DATA_DIR/outbox folder (lib/mail/mailer.ts). */
  mailer: Mailer;
  /** Uploaded and generated files: DATA_DIR/files on disk, or an S3 bucket (lib/storage/create-file-store.ts). */
  files: FileStore;
  /** Every counted limit: in Redis with REDIS_URL, else in this process (lib/limits.ts, decision 033). */
  limits: LimitStore;
  /** Models, live streams and running answers; created from env when not given (tests pass their own). */
  chat?: ChatRuntime;
  /** Plans and the payment provider (Stripe or the sandbox); created from env when not given. */
  billing?: BillingRuntime;
  /** The job queue (started by index.ts); without it, work that needs a job is refused. */
  jobs?: JobQueue;
  /** Image models from the catalogue and the configured providers; created from env when not given. */
  imageModels?: ImageModelRegistry;
  /**
   * The search service and page reader of the web-search tool; created from env when not given
   * (index.ts creates it and closes it on shutdown). Null: no search service, whatever env says.
   */
  webSearch?: WebSearchRuntime | null;
  /**
   * The chat turns' dependencies (app-turns.ts), the same the jobs get; when given, the app takes its
   * chat runtime, image models and search service from them. Built from the fields above when not.
   */
  turns?: ChatTurnDeps;
  /** WhatsApp (the Cloud API or the sandbox phone); created from env when not given. */
  whatsapp?: WhatsAppRuntime;
  /**
   * How passwords are hashed and checked. Never set outside tests: without it better-auth's own
   * scrypt (N = 16384, r = 16) is used, as it must be. Tests hand in a cheaper one (issue 33).
   */
  passwordHashing?: PasswordHashing;
};

/** better-auth's `emailAndPassword.password` functions. */
export type PasswordHashing = {
  hash: (password: string) => Promise<string>;
  verify: (data: { hash: string; password: string }) => Promise<boolean>;
};

export type AppEnv = {
  Variables: { deps: AppDeps; log: Logger; requestId: string };
};
