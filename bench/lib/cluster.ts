/**
 * Our server as N instances behind Debian's nginx on one PostgreSQL and one Redis, started by the
 * project's own cluster code (apps/server/src/cluster/cluster.ts, the code behind `npm run cluster`)
 * with the settings of lib/server.ts. The bench talks to nginx; users' verification mails land in the
 * instances' shared DATA_DIR/outbox, as with one server.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findNginx, startCluster } from '../../apps/server/src/cluster/cluster.ts';
import { killGroupOnExit } from './procs.ts';
import { benchServerEnv, freePort } from './server.ts';

export type OurCluster = {
  /** nginx's address. */
  url: string;
  dataDir: string;
  /** The instances' pids (nginx's workers are not counted). */
  pids: number[];
  /** "instance i exited (code)" for each instance that is no longer running. */
  exited(): string[];
  /** The instances' logs (the last 64 KB of each). */
  output(): string;
  stop(): Promise<void>;
};

/** Why the cluster cannot be started here, or undefined when it can. */
export function clusterSkipReason(postgresUrl: string | undefined, redisUrl: string | undefined): string | undefined {
  if (!postgresUrl) return 'needs PostgreSQL: --postgres <url> (the instances share one database)';
  if (!redisUrl) return 'needs Redis: REDIS_URL=redis://host:6379 (the instances share running answers through it)';
  if (!findNginx()) return 'needs nginx: deploy/install-nginx.sh';
  return undefined;
}

export async function startOurCluster(options: {
  instances: number;
  openaiBaseUrl: string;
  postgresUrl: string;
  redisUrl: string;
}): Promise<OurCluster> {
  const port = await freePort();
  const instancePorts: number[] = [];
  for (let i = 0; i < options.instances; i++) instancePorts.push(await freePort());
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'polymath-bench-cluster-'));
  const runDir = join(dataDir, 'cluster');
  const cluster = await startCluster({
    instances: options.instances,
    port,
    instancePorts,
    runDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: process.env.TMPDIR,
      ...benchServerEnv(options.openaiBaseUrl),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: options.postgresUrl,
      REDIS_URL: options.redisUrl,
    },
  }).catch((err: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  // Detached (own process groups): killed by group if the bench dies before stop().
  const nginxPid = Number(readFileSync(join(runDir, 'nginx.pid'), 'utf8'));
  const pids = cluster.instances.map((i) => i.child?.pid ?? 0);
  const forget = [...pids, nginxPid].filter((pid) => pid > 0).map(killGroupOnExit);
  return {
    url,
    dataDir,
    pids,
    exited: () =>
      cluster.instances
        .filter((i) => i.child?.exitCode !== null)
        .map((i) => `instance ${i.index} exited (${i.child?.exitCode ?? i.child?.signalCode})`),
    output: () =>
      cluster.instances
        .map((i) => {
          try {
            return readFileSync(i.logFile, 'utf8').slice(-64 * 1024);
          } catch {
            return '';
          }
        })
        .join('\n'),
    async stop() {
      await cluster.stop();
      for (const done of forget) done();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
