/**
 * Child processes the benchmarks start (our server, the provider stand-ins, the bare baselines): each
 * runs on this same Node (process.execPath), its output is kept for diagnostics, and every child still
 * running when the bench exits is stopped by its pid.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

export type Child = {
  name: string;
  pid: number;
  process: ChildProcess;
  /** The last lines the child wrote (stdout and stderr). */
  output(): string;
  /** Resolves with the first match of `pattern` in the child's output; rejects when it exits first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when it has exited. */
  stop(graceMs?: number): Promise<void>;
};

const running = new Set<Child>();
const MAX_OUTPUT = 64 * 1024;

export function startChild(name: string, script: string, env: Record<string, string | undefined>): Child {
  const child = spawn(process.execPath, [resolve(ROOT, script)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`could not start ${name}`);
  let output = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-MAX_OUTPUT);
    for (const wake of waiters) wake();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const handle: Child = {
    name,
    pid: child.pid,
    process: child,
    output: () => output,
    waitFor(pattern, timeoutMs = 60_000) {
      return new Promise((resolveMatch, reject) => {
        const check = () => {
          const match = output.match(pattern);
          if (match) {
            finish();
            resolveMatch(match);
          }
        };
        const onExit = () => {
          finish();
          reject(
            new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before printing ${pattern}:\n${output}`),
          );
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`${name} did not print ${pattern} within ${timeoutMs} ms:\n${output}`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(check);
          child.off('exit', onExit);
        };
        waiters.add(check);
        child.once('exit', onExit);
        check();
      });
    },
    async stop(graceMs = 5000) {
      running.delete(handle);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
  running.add(handle);
  child.once('exit', () => running.delete(handle));
  return handle;
}

/** Process groups started elsewhere (the cluster's detached instances and nginx), by their leader's pid. */
const groups = new Set<number>();

/** Kills the process group led by `pid` with the other children if the bench exits first; call the result once it is stopped. */
export function killGroupOnExit(pid: number): () => void {
  groups.add(pid);
  return () => groups.delete(pid);
}

/** Kills every child still running (on exit or a signal). Only the pids this process started. */
export function killAllChildren(): void {
  for (const child of running) {
    try {
      process.kill(child.pid, 'SIGKILL');
    } catch {}
  }
  running.clear();
  for (const pid of groups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {}
  }
  groups.clear();
}

/** Resident set size of a process in bytes (VmRSS from /proc/<pid>/status); 0 when it cannot be read. */
export function rssBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** CPU time (user + system) a process has used so far, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return ticks * 10;
  } catch {
    return 0;
  }
}

/** This process's open-file limit (soft/hard), from /proc/self/limits. */
export function openFileLimit(): { soft: string; hard: string } {
  try {
    const limits = readFileSync('/proc/self/limits', 'utf8');
    const match = /^Max open files\s+(\S+)\s+(\S+)/m.exec(limits);
    return { soft: match?.[1] ?? '?', hard: match?.[2] ?? '?' };
  } catch {
    return { soft: '?', hard: '?' };
  }
}
