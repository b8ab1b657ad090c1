import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createApp } from './app.ts';
import { appJobs } from './app-jobs.ts';
import { createChatTurns } from './app-turns.ts';
import { openDatabase } from './db/client.ts';
import { EnvError, loadEnv } from './env.ts';
import { createBillingRuntime } from './features/billing/billing-runtime.ts';
import { stripePriceCheck } from './features/billing/billing-sweep.ts';
import { PlansError } from './features/billing/plans.ts';
import { createChatRuntime } from './features/chat/chat-runtime.ts';
import { startInstanceLease } from './features/chat/instance-lease.ts';
import { markStaleAnswersInterrupted, scheduleStaleAnswerSweep } from './features/chat/stream-recovery.ts';
import { createImageModelRegistry } from './features/images/image-models.ts';
import { CatalogueError } from './features/models/model-catalog.ts';
import { modelCheck, watchModelChecks } from './features/models/model-check.ts';
import { chooseSearchProvider, createWebSearchRuntime } from './features/search/web-search-runtime.ts';
import { createWhatsAppRuntime } from './features/whatsapp/whatsapp-runtime.ts';
import { createHttpServer } from './http-server.ts';
import { createLimitStore } from './lib/limits.ts';
import { stdoutDestination } from './lib/log-destination.ts';
import { createLogger } from './lib/logger.ts';
import { createMailer } from './lib/mail/mailer.ts';
import { deferredJobSender } from './lib/queue/job.ts';
import { startJobQueue } from './lib/queue/job-queue.ts';
import { loadOrCreateSecrets } from './lib/secrets.ts';
import { loadStaticFiles } from './lib/static-files.ts';
import { createFileStore } from './lib/storage/create-file-store.ts';

/** Start-up: validate env, open and migrate the database, serve, drain on SIGTERM. */
/** After the grace period for running answers, how long closing connections and the database may take. */
const SHUTDOWN_CLOSE_MS = 5000;
/** A clean exit waits this long at most for the last log lines to reach a slow reader of stdout. */
const LOG_FLUSH_MS = 1000;
/**
 * Connections the kernel may hold for us while the event loop is busy (the kernel caps it at
 * net.core.somaxconn). Node's default, 511, overflows when a burst of new chats arrives during a
 * busy moment (bench B3: 1,000 a second), and a connection whose handshake the kernel dropped is
 * reset about a minute later instead of waiting its turn.
 */
const LISTEN_BACKLOG = 4096;

async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(env.LOG_LEVEL);
  mkdirSync(env.DATA_DIR, { recursive: true });
  const secrets = loadOrCreateSecrets(env.DATA_DIR, env);
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.DATA_DIR, logger });
  if (mailer.kind === 'outbox') {
    logger.warn(
      { outbox: join(env.DATA_DIR, 'outbox') },
      'SMTP_URL is not set: mails are written to the outbox folder',
    );
  }
  const files = await createFileStore(env);
  logger.info(
    files.kind === 's3'
      ? { files: 's3', bucket: env.S3_BUCKET, prefix: env.S3_PREFIX, urlOrigin: files.urlOrigin }
      : { files: 'disk', dir: join(env.DATA_DIR, 'files') },
    'file store ready',
  );

  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await database.migrate();
  logger.info({ database: database.kind }, 'database ready');

  const staticFiles = loadStaticFiles(env.WEB_DIST_DIR);
  if (!staticFiles.has('/index.html')) logger.warn({ dir: env.WEB_DIST_DIR }, 'web app not built; run `npm run build`');

  // Every counted limit, shared by the instances through Redis when REDIS_URL is set (decision 033).
  const limits = createLimitStore({ redisUrl: env.REDIS_URL, logger });
  await limits.ready();
  logger.info({ limits: limits.kind }, 'limits ready');

  let chat: ReturnType<typeof createChatRuntime>;
  let imageModels: ReturnType<typeof createImageModelRegistry>;
  try {
    chat = createChatRuntime(env, logger, undefined, limits);
    imageModels = createImageModelRegistry(env);
  } catch (err) {
    if (err instanceof CatalogueError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Answers left 'streaming' by a previous process that died become 'interrupted' (with their text).
  // A PGlite data folder belongs to this one process, so every such answer is an orphan: free them
  // now, before the first request, instead of after STREAM_STALE_SECONDS.
  if (database.kind === 'pglite') {
    const freed = await markStaleAnswersInterrupted(database.db, new Date(), { everyInstance: true });
    if (freed > 0) logger.warn({ freed }, 'answers cut off by the previous process were marked interrupted');
  }
  // This process's lease (decision 034): its answers carry its id, and when it dies and the lease
  // runs out, a living instance's sweep takes them over.
  const lease = await startInstanceLease(database.db, {
    ttlSeconds: env.INSTANCE_LEASE_SECONDS,
    onError: (err) => logger.warn({ err }, 'instance lease renewal failed'),
  });
  chat.instanceId = lease.id;
  if (chat.models.demo) {
    logger.warn('no model provider is configured: the offline demo model answers (set OPENAI_API_KEY or another key)');
  }
  if (imageModels.demo) {
    logger.warn('no image provider is configured: the offline demo image model draws the pictures (labelled DEMO)');
  }
  const webSearch = createWebSearchRuntime(env);
  if (webSearch) logger.info({ provider: chooseSearchProvider(env) }, 'web search ready');
  else
    logger.warn(
      'no search service is configured: /web-search says so (set TAVILY_API_KEY, BRAVE_SEARCH_API_KEY or SEARXNG_URL)',
    );
  let billing: ReturnType<typeof createBillingRuntime>;
  try {
    billing = createBillingRuntime({ env, database, logger, sessionSecret: secrets.sessionSecret });
  } catch (err) {
    if (err instanceof PlansError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (billing.sandbox) {
    logger.warn('STRIPE_SECRET_KEY is not set: the payment sandbox grants Pro without payment (test mode)');
  }
  const whatsapp = createWhatsAppRuntime({ env, db: database.db, logger, sessionSecret: secrets.sessionSecret });
  if (whatsapp.sandbox) {
    logger.warn('WhatsApp Cloud API is not configured: the WhatsApp sandbox phone stands in (test mode)');
  }
  // Slow and scheduled work (images, the billing sweep, the purge of deleted chats, WhatsApp
  // messages) runs as jobs in the database, so it survives restarts and runs on one instance at a
  // time when scheduled.
  // What every chat turn needs, built once for the routes and the jobs alike; the work a turn starts
  // goes to the queue once it has started.
  const turnJobs = deferredJobSender();
  const turns = createChatTurns({
    db: database.db,
    env,
    files,
    logger,
    chat,
    imageModels,
    webSearch: webSearch ?? null,
    jobs: turnJobs,
  });
  const jobs = await startJobQueue({
    connection: database.queueConnection,
    logger,
    jobs: appJobs({ env, database, files, imageModels, billing, logger, mailer, chat, whatsapp, turns }),
    timing: { heartbeatSeconds: env.JOB_HEARTBEAT_SECONDS, superviseSeconds: env.JOB_SUPERVISE_SECONDS },
  });
  turnJobs.use(jobs);
  whatsapp.useQueue(jobs);
  if (!billing.sandbox) {
    await jobs
      .send(stripePriceCheck, {})
      .catch((err: unknown) => logger.warn({ err }, 'could not queue the price check'));
  }
  // Which catalogue models their providers still serve: checked now (by one instance) and hourly;
  // every instance reads the stored result every minute and hides what is no longer served.
  if (!chat.models.demo || !imageModels.demo) {
    await jobs.send(modelCheck, {}).catch((err: unknown) => logger.warn({ err }, 'could not queue the model check'));
  }
  const stopModelWatch = watchModelChecks(database.db, { models: chat.models, imageModels }, logger);
  // On PostgreSQL other instances may still be writing theirs: the sweep takes the answers of expired
  // leases. A timer, not a job: it runs every few seconds, finer than the queue's one-minute schedules.
  const stopSweep = scheduleStaleAnswerSweep(
    database.db,
    env.STREAM_STALE_SECONDS,
    (err) => logger.warn({ err }, 'stale answer sweep failed'),
    () => new Date(),
    (env.INSTANCE_LEASE_SECONDS * 1000) / 4,
  );

  const lifecycle = { draining: false };
  const app = createApp({
    env,
    database,
    db: database.db,
    logger,
    staticFiles,
    lifecycle,
    secrets,
    mailer,
    files,
    limits,
    chat,
    billing,
    jobs,
    imageModels,
    webSearch: webSearch ?? null,
    whatsapp,
    turns,
  });
  const server = createHttpServer(app.fetch, { hostname: env.HOST });
  server.listen({ host: env.HOST, port: env.PORT, backlog: LISTEN_BACKLOG }, () => {
    const { port } = server.address() as AddressInfo;
    logger.info(
      { url: env.PUBLIC_URL, port, dataDir: database.kind === 'pglite' ? env.DATA_DIR : undefined },
      'listening',
    );
    if (process.stdout.isTTY) console.log(`\n  Polymath is running at ${env.PUBLIC_URL}\n`);
  });

  // Every exit below logs first and then exits: a log line never waits for the reader of stdout
  // (lib/log-destination.ts), so a stalled or vanished reader cannot hold any of them up.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      // A second signal means "now": whatever is still closing is abandoned.
      logger.warn({ signal }, 'second signal during shutdown: exiting now');
      process.exit(1);
    }
    stopping = true;
    lifecycle.draining = true;
    logger.info({ signal, graceMs: env.SHUTDOWN_GRACE_MS }, 'draining');
    // Whatever might hold a step below (an answer that does not settle, a database call stuck on a
    // lock or a dead connection, a relay that does not close), the process ends on time.
    const deadline = setTimeout(() => {
      logger.error({ signal }, 'shutdown did not finish in time: exiting');
      process.exit(1);
    }, env.SHUTDOWN_GRACE_MS + SHUTDOWN_CLOSE_MS);
    deadline.unref();
    // Stop accepting; idle keep-alive sockets close now, running requests get the grace period.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    // Running answers and jobs get the grace period to finish; the rest are stored as interrupted
    // (answers) or picked up again by the next process (jobs).
    const jobsStopped = jobs.stop(env.SHUTDOWN_GRACE_MS);
    await chat.drain(env.SHUTDOWN_GRACE_MS);
    // Then every connection goes, busy or not: open streams and browsers' keep-alive sockets too.
    const timeout = setTimeout(() => server.closeAllConnections(), 1000);
    await closed;
    clearTimeout(timeout);
    await stopSweep();
    stopModelWatch();
    await lease.stop();
    await jobsStopped;
    await chat.close();
    await limits.close();
    await webSearch?.close().catch((err: unknown) => logger.warn({ err }, 'web search close failed'));
    await database.close().catch((err: unknown) => logger.warn({ err }, 'database close failed'));
    mailer.close();
    logger.info({ droppedLogLines: stdoutDestination().dropped() }, 'stopped');
    await stdoutDestination().flush(LOG_FLUSH_MS);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error('Polymath failed to start:', err);
  process.exit(1);
});
