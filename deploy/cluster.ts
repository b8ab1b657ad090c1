/**
 * `npm run cluster [-- --instances N] [--port P]`: N Polymath instances on one machine behind
 * Debian's nginx (apps/server/src/cluster/cluster.ts does the work; README and docs/deploy.md).
 * SIGHUP (deploy/rolling-restart.sh) rolls a restart through them; Ctrl+C drains and stops them.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ClusterError, clusterRefusal, findNginx, startCluster } from '../apps/server/src/cluster/cluster.ts';

const REPO = resolve(import.meta.dirname, '..');

// --- CLI: npm run cluster [-- --instances N] [--port P] ------------------------------------------
{
  const args = process.argv.slice(2);
  const flag = (name: string) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const instances = Number(flag('instances') ?? process.env.CLUSTER_INSTANCES ?? availableParallelism());
  const port = Number(flag('port') ?? process.env.CLUSTER_PORT ?? 3000);
  const runDir = resolve(REPO, process.env.DATA_DIR || 'data', 'cluster');
  // `--check`: only whether it could start (npm run cluster asks before it spends minutes building).
  if (args.includes('--check')) {
    const refusal =
      clusterRefusal(process.env) ??
      (findNginx()
        ? undefined
        : 'nginx is not installed: run deploy/install-nginx.sh (Debian: apt-get install -y nginx).');
    if (refusal) {
      console.error(`[cluster] ${refusal}`);
      process.exit(1);
    }
    process.exit(0);
  }
  if (!existsSync(join(REPO, 'apps/web/dist/index.html'))) {
    console.warn('[cluster] the web app is not built: run `npm run build` first (API only until then)');
  }
  try {
    const cluster = await startCluster({
      instances,
      port,
      runDir,
      log: (line) => console.log(`[cluster] ${line}`),
    });
    writeFileSync(join(runDir, 'cluster.pid'), String(process.pid));
    console.log(
      `\n  Polymath: ${instances} instance(s) behind nginx at http://localhost:${port}\n` +
        `  logs: ${dirname(cluster.instances[0]?.logFile ?? runDir)}/instance-N.log\n` +
        '  rolling restart: deploy/rolling-restart.sh (or kill -HUP this process); stop: Ctrl+C\n',
    );
    process.on('SIGHUP', () => {
      void cluster
        .rollingRestart()
        .then(() => writeFileSync(join(runDir, 'rolled'), new Date().toISOString()))
        .catch((err: unknown) => console.error('[cluster] rolling restart failed:', err));
    });
    let stopping = false;
    const shutdown = () => {
      if (stopping) process.exit(1);
      stopping = true;
      console.log('[cluster] stopping (instances drain first)');
      void cluster.stop().then(() => process.exit(0));
    };
    process.on('SIGINT', shutdown);
    process.on('SIGTERM', shutdown);
  } catch (err) {
    console.error(err instanceof ClusterError ? `[cluster] ${err.message}` : err);
    process.exit(1);
  }
}
