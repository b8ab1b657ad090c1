/**
 * N Polymath instances on one machine behind Debian's nginx (issue 31, decision 035):
 * `npm run cluster` (its CLI is deploy/cluster.ts), and `startCluster()` for the multi-instance suite and
 * the bench. Every instance is the ordinary server (`apps/server/src/index.ts`) on its own port,
 * against one PostgreSQL (DATABASE_URL), one Redis (REDIS_URL) and one S3 bucket (S3_* settings,
 * or the S3 stand-in of packages/provider-fakes when none are given); nginx runs in the foreground
 * from deploy/nginx/*.template, the same site configuration compose.yaml uses.
 *
 * Rolling restart (`SIGHUP` to the CLI, deploy/rolling-restart.sh, or `cluster.rollingRestart()`):
 * one instance at a time is taken out of nginx's upstream (a graceful reload: requests already on
 * it finish), sent SIGTERM (it drains: not ready, running answers finish within
 * SHUTDOWN_GRACE_MS, exit 0), started again, waited for on /readyz, and put back.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

const REPO = resolve(import.meta.dirname, '../../../..');
const SERVER_ENTRY = join(REPO, 'apps/server/src/index.ts');
const NGINX_DIR = join(REPO, 'deploy/nginx');
const NGINX_BINARIES = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'];

export class ClusterError extends Error {}

export type ClusterOptions = {
  /** Instances to start (default: the machine's cores). */
  instances?: number;
  /** The load balancer's port (default 3000); instance i listens on port + 1 + i unless instancePorts say. */
  port?: number;
  instancePorts?: number[];
  /** The environment every instance gets (default: process.env). DATABASE_URL and REDIS_URL are required. */
  env?: Record<string, string | undefined>;
  /** Where nginx's files, the instances' logs and (without S3 settings) nothing else go. */
  runDir?: string;
  /** Extra settings for one instance (tests: a different provider pace, a short grace period). */
  instanceEnv?: (index: number) => Record<string, string>;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
};

export type Instance = { index: number; port: number; url: string; child: ChildProcess | null; logFile: string };

export type Cluster = {
  /** The load balancer's address. */
  url: string;
  instances: Instance[];
  /** Restarts every instance in turn, each out of the load balancer while it drains. */
  rollingRestart(): Promise<void>;
  /** Ends instance i with a signal (SIGKILL: as a crash) and waits for it to exit; it stays down. */
  kill(index: number, signal?: NodeJS.Signals): Promise<void>;
  /** Starts instance i again (after kill) and waits until it is ready. */
  restart(index: number): Promise<void>;
  /** Stops the instances (SIGTERM, drained), nginx and the S3 stand-in. */
  stop(): Promise<void>;
};

/** Why N instances need PostgreSQL and Redis, said where the command refuses. */
export function clusterRefusal(env: Record<string, string | undefined>): string | undefined {
  if (!env.DATABASE_URL) {
    return [
      'npm run cluster needs PostgreSQL: set DATABASE_URL=postgres://user@host:5432/polymath.',
      'Without it each instance would open its own embedded PGlite database in DATA_DIR (one process',
      'only: it is a single-writer database on local disk), so the instances would not share accounts,',
      'chats or jobs. PGlite stays the default for one process: `npm start`.',
    ].join('\n');
  }
  if (!env.REDIS_URL) {
    return [
      'npm run cluster needs Redis: set REDIS_URL=redis://host:6379.',
      'Instances share running answers (a reader on another instance resumes them) and limits through it.',
    ].join('\n');
  }
  return undefined;
}

export function findNginx(): string | undefined {
  return NGINX_BINARIES.find((path) => existsSync(path));
}

/** Fills `${POLYMATH_*}` in a template; any other `$name` is nginx's own and stays. */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{(POLYMATH_[A-Z_]+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`nginx template: no value for ${whole}`);
    return value;
  });
}

/** One `server` line per instance; `down` ones are left out of rotation. */
export function upstreamLines(instances: { port: number; down?: boolean }[]): string {
  return instances
    .map((i) => `server 127.0.0.1:${i.port} max_fails=2 fail_timeout=5s${i.down ? ' down' : ''};`)
    .join('\n    ');
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const baseEnv = { ...(options.env ?? process.env) };
  const refusal = clusterRefusal(baseEnv);
  if (refusal) throw new ClusterError(refusal);
  const nginx = findNginx();
  if (!nginx) {
    throw new ClusterError('nginx is not installed: run deploy/install-nginx.sh (Debian: apt-get install -y nginx).');
  }
  const log = options.log ?? (() => {});
  const count = Math.max(1, options.instances ?? availableParallelism());
  const port = options.port ?? 3000;
  const runDir = resolve(options.runDir ?? join(REPO, 'data/cluster'));
  mkdirSync(join(runDir, 'tmp'), { recursive: true });

  const stops: (() => Promise<void>)[] = [];
  const env: Record<string, string | undefined> = {
    NODE_ENV: 'production',
    ...baseEnv,
    PUBLIC_URL: baseEnv.PUBLIC_URL || `http://localhost:${port}`,
    // nginx sets X-Forwarded-For; the instances see nginx's address otherwise.
    TRUST_PROXY: baseEnv.TRUST_PROXY || 'true',
    UV_THREADPOOL_SIZE: baseEnv.UV_THREADPOOL_SIZE || '8',
  };
  // One session secret for all: a cookie signed by one instance is read by the others.
  if (!env.SESSION_SECRET) {
    const { loadOrCreateSecrets } = await import('../lib/secrets.ts');
    env.SESSION_SECRET = loadOrCreateSecrets(resolve(REPO, env.DATA_DIR || 'data'), {}).sessionSecret;
  }
  if (!env.S3_BUCKET) {
    const { startS3Fake } = await import('@polymath/provider-fakes');
    const s3 = await startS3Fake({ buckets: ['polymath'] });
    stops.push(() => s3.close());
    Object.assign(env, {
      S3_BUCKET: 'polymath',
      S3_REGION: s3.region,
      S3_ENDPOINT: s3.url,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
    log(`S3: the in-memory S3 stand-in at ${s3.url} (set S3_BUCKET and the other S3_* settings for a real bucket)`);
  }

  const instances: Instance[] = Array.from({ length: count }, (_, index) => {
    const instancePort = options.instancePorts?.[index] ?? port + 1 + index;
    return {
      index,
      port: instancePort,
      url: `http://127.0.0.1:${instancePort}`,
      child: null,
      logFile: join(runDir, `instance-${index}.log`),
    };
  });
  const down = new Set<number>();

  const exited = new Map<number, Promise<void>>();
  function spawnInstance(instance: Instance) {
    const out = openSync(instance.logFile, 'a');
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: REPO,
      env: {
        ...env,
        HOST: '127.0.0.1',
        PORT: String(instance.port),
        ...options.instanceEnv?.(instance.index),
      } as NodeJS.ProcessEnv,
      stdio: ['ignore', out, out],
      // Its own process group: a Ctrl+C in the terminal reaches only this script, which then drains
      // the instances with one SIGTERM each (a second signal would end them at once).
      detached: true,
    });
    instance.child = child;
    exited.set(
      instance.index,
      new Promise((resolve) => {
        child.once('exit', () => resolve());
      }),
    );
  }

  const nginxConf = join(runDir, 'nginx.conf');
  function writeNginxConfig() {
    const values = {
      POLYMATH_PREFIX: runDir,
      POLYMATH_USER: process.getuid?.() === 0 ? 'user root;' : '',
      POLYMATH_WORKERS: String(Math.min(2, availableParallelism())),
      POLYMATH_LISTEN: String(port),
      POLYMATH_UPSTREAMS: upstreamLines(instances.map((i) => ({ port: i.port, down: down.has(i.index) }))),
    };
    for (const name of ['polymath.conf', 'nginx.conf']) {
      const template = readFileSync(join(NGINX_DIR, `${name}.template`), 'utf8');
      writeFileSync(join(runDir, name), renderTemplate(template, values));
    }
  }
  const nginxArgs = ['-p', runDir, '-c', nginxConf];
  async function reloadNginx() {
    writeNginxConfig();
    await run(nginx as string, [...nginxArgs, '-s', 'reload']);
    // The reload is a signal: new workers take over within moments, old ones finish what they carry.
    await sleep(500);
  }

  let nginxChild: ChildProcess | null = null;
  const stop = async () => {
    await Promise.all(
      instances.map(async (instance) => {
        if (instance.child && instance.child.exitCode === null && instance.child.signalCode === null) {
          instance.child.kill('SIGTERM');
          await exited.get(instance.index);
        }
      }),
    );
    if (nginxChild && nginxChild.exitCode === null) {
      const ended = new Promise((resolve) => nginxChild?.once('exit', resolve));
      nginxChild.kill('SIGQUIT');
      await Promise.race([ended, sleep(5000)]);
      if (nginxChild.exitCode === null) nginxChild.kill('SIGKILL');
    }
    for (const fn of stops.reverse()) await fn().catch(() => {});
  };

  try {
    // All at once: migrations take turns under an advisory lock (apps/server/src/db/client.ts).
    for (const instance of instances) spawnInstance(instance);
    await Promise.all(instances.map((instance) => waitReady(instance, exited.get(instance.index))));
    log(`${count} instance(s) ready on ports ${instances.map((i) => i.port).join(', ')}`);
    writeNginxConfig();
    await run(nginx, [...nginxArgs, '-t']).catch((err: { stderr?: string }) => {
      throw new ClusterError(`nginx refused its configuration:\n${err.stderr ?? String(err)}`);
    });
    nginxChild = spawn(nginx, [...nginxArgs, '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    let nginxErr = '';
    nginxChild.stderr?.on('data', (d: Buffer) => {
      nginxErr += d.toString();
    });
    const url = `http://127.0.0.1:${port}`;
    const nginxExit = new Promise<void>((resolve) => nginxChild?.once('exit', () => resolve()));
    await waitReady({ url, index: -1, port, child: null, logFile: '' }, nginxExit).catch((err: unknown) => {
      throw new ClusterError(`nginx did not start on port ${port}: ${nginxErr || String(err)}`);
    });
    log(`nginx ready on port ${port}`);

    let rolling: Promise<void> | undefined;
    const cluster: Cluster = {
      url,
      instances,
      async kill(index, signal = 'SIGKILL') {
        const instance = instances[index];
        if (!instance?.child) return;
        instance.child.kill(signal);
        await exited.get(index);
      },
      async restart(index) {
        const instance = instances[index];
        if (!instance) return;
        spawnInstance(instance);
        await waitReady(instance, exited.get(index));
      },
      rollingRestart() {
        rolling ??= (async () => {
          for (const instance of instances) {
            log(`rolling restart: instance ${instance.index} (port ${instance.port})`);
            down.add(instance.index);
            await reloadNginx();
            await cluster.kill(instance.index, 'SIGTERM');
            const code = instance.child?.exitCode;
            if (code !== 0) log(`instance ${instance.index} exited with ${code ?? instance.child?.signalCode}`);
            await cluster.restart(instance.index);
            down.delete(instance.index);
            await reloadNginx();
          }
          log('rolling restart done');
        })().finally(() => {
          rolling = undefined;
        });
        return rolling;
      },
      stop,
    };
    return cluster;
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Polls /readyz until it answers 200; fails if the process exits first or after 60 s. */
async function waitReady(instance: Instance, exit: Promise<void> | undefined): Promise<void> {
  let gone = false;
  void exit?.then(() => {
    gone = true;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (gone) throw new ClusterError(`instance ${instance.index} exited while starting; see ${instance.logFile}`);
    try {
      const res = await fetch(`${instance.url}/readyz`, { signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new ClusterError(`instance ${instance.index} was not ready within 60 s; see ${instance.logFile}`);
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
