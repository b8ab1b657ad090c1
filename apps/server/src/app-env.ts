import type { Database, Db } from './db/client.ts';
import type { Env } from './env.ts';
import type { Logger } from './lib/logger.ts';
import type { StaticFile } from './lib/static-files.ts';

/** What createApp needs; tests build it with an in-memory PGlite and a silent logger. */
export type AppDeps = {
  env: Env;
  database: Database;
  db: Db;
  logger: Logger;
  staticFiles: Map<string, StaticFile>;
  /** Flipped on SIGTERM so /readyz tells the load balancer to stop sending traffic. */
  lifecycle: { draining: boolean };
};

export type AppEnv = {
  Variables: { deps: AppDeps; log: Logger; requestId: string };
};
