import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll } from 'vitest';
import { CHILD_NODE_ENV } from './ports.ts';

const living = new Set<ChildProcess>();

/**
 * Starts `node <entry>` for a test (a server, the job-crash child) with only PATH, CHILD_NODE_ENV
 * and `env`, and its stderr forwarded to the test's.
 *
 * Never with stderr inherited: Vitest stops a worker and then waits for the worker's output pipes
 * to close, and a child left running (a test that timed out before its kill) would hold an
 * inherited pipe open for as long as it lives. Vitest then never exits: a CI run hung 12 minutes
 * after its last test that way. Whatever a file leaves running is killed after its last test.
 */
export function spawnNode(entry: string, env: Record<string, string>, stdout: 'pipe' | 'ignore'): ChildProcess {
  const child = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH ?? '', ...CHILD_NODE_ENV, ...env },
    stdio: ['ignore', stdout, 'pipe'],
  });
  child.stderr?.pipe(process.stderr, { end: false });
  living.add(child);
  child.once('exit', () => living.delete(child));
  return child;
}

afterAll(() => {
  for (const child of living) child.kill('SIGKILL');
});
