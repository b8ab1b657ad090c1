/**
 * `npm test`: every check, with the quick ones beside the unit tests instead of before them.
 *
 *   1. at once: lint (Biome), typecheck (tsc -b) and the web build in the background, their output
 *      held back and printed whole when each ends, while the unit and integration tests (Vitest)
 *      print live;
 *   2. as soon as the build is ready, still beside the unit tests: the production-dependencies
 *      smoke test (scripts/production-smoke.ts) and the browser tests (Playwright), held back and
 *      printed whole as well (TEST_E2E_BESIDE=0: the browser tests after the unit tests instead).
 *
 * Any failure fails the run and the failing steps are named at the end; a failed build means no
 * browser tests. Each step's time goes to test-timing/phases.json, and Vitest's and Playwright's
 * JSON reports to test-timing/ as well; `npm run test:timing` prints the tables.
 *
 *   node scripts/test-run.ts              everything (npm test)
 *   node scripts/test-run.ts --no-e2e     lint, typecheck and unit tests (npm run check)
 *   node scripts/test-run.ts -- <files>   Vitest only on those files (lint and typecheck as ever)
 *   TEST_COVERAGE=1 npm test              with Vitest's coverage too (coverage/, npm run test:inventory)
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { failureSummary, flakySummary } from './test-failures.ts';
import { PROGRESS_FILE, type VitestProgress } from './vitest-progress-reporter.ts';

const ROOT = resolve(import.meta.dirname, '..');
export const TIMING_DIR = join(ROOT, 'test-timing');

type Step = {
  name: string;
  command: string;
  args: string[];
  live: boolean;
  /** Stop the step when it prints nothing for this long (a hung test file), killing what it started. */
  silenceLimitMs?: number;
  /** Once its output matches this (its work is over), the silence it is allowed is `silenceMs`. */
  endedWhen?: { pattern: RegExp; silenceMs: number };
};
type Result = {
  name: string;
  status: 'passed' | 'failed';
  exitCode: number;
  startMs: number;
  endMs: number;
  /** The step's output (stdout and stderr), kept to be read after it ends. */
  output: string;
  /** It printed nothing for its silenceLimitMs and was stopped. */
  stalled?: boolean;
  /** It was stopped after its output said its work was over (endedWhen): it hung on exit. */
  hungOnExit?: boolean;
};

const started = Date.now();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)}s`;

function run(step: Step): Promise<Result> {
  const startMs = Date.now() - started;
  if (step.live) console.log(`\n── ${step.name}: ${[step.command, ...step.args].join(' ')}\n`);
  else console.log(`── ${step.name} started in the background: ${[step.command, ...step.args].join(' ')}`);
  return new Promise((done) => {
    const child = spawn(step.command, step.args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0'),
        GLIBC_TUNABLES: glibcTunables(process.env.GLIBC_TUNABLES),
      },
    });
    const output: Buffer[] = [];
    let stalled = false;
    let ended = false;
    let silence: NodeJS.Timeout | undefined;
    const heard = () => {
      const limit = ended ? step.endedWhen?.silenceMs : step.silenceLimitMs;
      if (!limit) return;
      clearTimeout(silence);
      silence = setTimeout(() => {
        stalled = true;
        const after = ended ? ' after it said its work was over' : '';
        const note = `\n(${step.name}: nothing printed for ${seconds(limit)}${after}; stopping it and what it started)\n${killTree(child.pid)}\n`;
        output.push(Buffer.from(note));
        process.stderr.write(note);
      }, limit).unref();
    };
    heard();
    // A live step prints as it goes and is kept too (a crashed Vitest worker is read from it).
    const read = (to: NodeJS.WriteStream) => (chunk: Buffer) => {
      if (step.endedWhen?.pattern.test(stripVTControlCharacters(chunk.toString('utf8')))) ended = true;
      heard();
      output.push(chunk);
      if (step.live) to.write(chunk);
    };
    child.stdout?.on('data', read(process.stdout));
    child.stderr?.on('data', read(process.stderr));
    const finish = (exitCode: number) => {
      clearTimeout(silence);
      const endMs = Date.now() - started;
      const status = exitCode === 0 ? 'passed' : 'failed';
      const text = Buffer.concat(output).toString('utf8').trimEnd();
      if (!step.live) {
        // A background step's output comes in one piece, framed, so it never interleaves with the tests.
        console.log(`\n┌── ${step.name} ${status} in ${seconds(endMs - startMs)}${text ? '' : ' (no output)'}`);
        if (text) console.log(text.replace(/^/gm, '│ '));
        console.log(`└── ${step.name} ${status}\n`);
      } else {
        console.log(`\n── ${step.name} ${status} in ${seconds(endMs - startMs)}`);
      }
      done({
        name: step.name,
        status,
        exitCode,
        startMs,
        endMs,
        output: text,
        ...(stalled ? (ended ? { hungOnExit: true } : { stalled }) : {}),
      });
    };
    child.on('error', (err) => {
      output.push(Buffer.from(`could not start: ${err.message}\n`));
      finish(127);
    });
    // 'close' waits for the output pipes too, and a server process a failed test left running holds
    // them open (it inherited them): the run would wait for it forever. So the step ends when its
    // process exits, with a few seconds for the last output to arrive.
    let closed = false;
    const end = (code: number | null, signal: NodeJS.Signals | null) => {
      if (closed) return;
      closed = true;
      finish(code ?? (signal ? 128 : 1));
    };
    child.on('close', end);
    child.on('exit', (code, signal) => {
      setTimeout(() => {
        if (closed) return;
        output.push(
          Buffer.from(`\n(${step.name}: its process exited; a process it started still holds its output open)\n`),
        );
        child.stdout?.destroy();
        child.stderr?.destroy();
        end(code, signal);
      }, 5000).unref();
    });
  });
}

/**
 * glibc's malloc asks for transparent huge pages (`glibc.malloc.hugetlb=1`) in every process the
 * steps start: Node keeps its buffers, PGlite's files and most of what is not V8's heap there. On a
 * machine whose page faults are slow (these VMs: 13–17 µs each, where 0.3 is usual) a 4 KB page at
 * a time was a large share of the run: ten server test files took 1.26 million page faults and
 * 62 s of CPU, 0.66 million and 55 s with it; the browser tests' server 774,000 and 31 s over three
 * specs, 255,000 and 26 s (decision 026, point 25). It changes where memory comes from, not what
 * any test does. A tunable already set wins.
 */
function glibcTunables(given: string | undefined): string {
  if (given?.includes('glibc.malloc.hugetlb')) return given;
  return given ? `${given}:glibc.malloc.hugetlb=1` : 'glibc.malloc.hugetlb=1';
}

/**
 * Kills a process and every process under it (SIGKILL: a hung worker does not answer SIGTERM), and
 * returns what they were, with the CPU time each had used: a busy loop shows as CPU time, a wait as
 * none.
 */
function killTree(root: number | undefined): string {
  if (root === undefined) return '';
  let table: string;
  try {
    table = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,etimes=,time=,args='], { encoding: 'utf8' });
  } catch {
    return '(ps is not available: only the step itself is stopped)';
  }
  const rows = table
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/))
    .filter((m): m is RegExpMatchArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), seconds: m[3], cpu: m[4], command: m[5] ?? '' }));
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of rows) {
      if (!tree.has(row.pid) && tree.has(row.ppid)) {
        tree.add(row.pid);
        grew = true;
      }
    }
  }
  const listing = rows
    .filter((row) => tree.has(row.pid))
    .map((row) => `  ${row.pid} (of ${row.ppid}), ${row.seconds} s old, CPU ${row.cpu}: ${row.command.slice(0, 160)}`);
  for (const pid of tree) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // It ended meanwhile.
    }
  }
  return listing.join('\n');
}

const npx = (args: string[]): Pick<Step, 'command' | 'args'> => ({ command: 'npx', args });

async function main(): Promise<number> {
  const dashes = process.argv.indexOf('--');
  const vitestFiles = dashes > 0 ? process.argv.slice(dashes + 1) : [];
  const withE2e = !process.argv.slice(2, dashes > 0 ? dashes : undefined).includes('--no-e2e');
  rmSync(TIMING_DIR, { recursive: true, force: true });
  mkdirSync(TIMING_DIR, { recursive: true });
  const results: Result[] = [];

  if (withE2e) {
    // Before anything slow: the browser tests need Debian's Chromium.
    const chromium = await run({ name: 'chromium', command: 'node', args: ['scripts/check-chromium.mjs'], live: true });
    results.push(chromium);
    if (chromium.status === 'failed') return report(results, withE2e);
  }

  const lint = run({ name: 'lint', ...npx(['biome', 'check', '.']), live: false });
  const typecheck = run({ name: 'typecheck', ...npx(['tsc', '-b']), live: false });
  let unitEnded: () => void = () => {};
  const unitDone = new Promise<void>((resolve) => {
    unitEnded = resolve;
  });
  // The browser tests need only the build: they start as soon as it is ready and run beside the unit
  // tests, whose waits (servers starting, job queues polling, lease timers) they fill. On the 2-core
  // machine of 2026-11-29, clean clones one after the other: 10 m 34 s beside against 11 m 45 s one
  // phase after the other, both passing (decision 026, point 20). TEST_E2E_BESIDE=0 runs them after
  // the unit tests, as point 17 had it on a machine twice as slow, where beside each other they missed
  // their timeouts.
  const browserBesideUnit = process.env.TEST_E2E_BESIDE !== '0';
  const browser: Promise<Result[]> = withE2e
    ? run({ name: 'build', command: 'npm', args: ['run', '--silent', 'build'], live: false }).then(async (build) => {
        if (build.status === 'failed') {
          console.log('\n── e2e not started: the build failed');
          return [build];
        }
        // Beside the unit tests (it needs the build): the clean production install's smoke test.
        const production = run({
          name: 'production',
          command: 'node',
          args: ['scripts/production-smoke.ts'],
          live: false,
        });
        if (!browserBesideUnit) await Promise.all([unitDone, production]);
        const e2e = await run({ name: 'e2e', ...npx(['playwright', 'test']), live: false });
        return [build, e2e, await production];
      })
    : Promise.resolve([]);
  const vitest = (name: string, report: string, files: string[]) =>
    run({
      name,
      ...npx([
        'vitest',
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${join(TIMING_DIR, report)}`,
        '--reporter=./scripts/vitest-progress-reporter.ts',
        ...(process.env.TEST_COVERAGE === '1' ? ['--coverage'] : []),
        ...files,
      ]),
      live: true,
      // Vitest prints each file as it ends and the slowest file takes under 3 minutes on a loaded
      // 2-core machine: this long a silence is a worker that stopped answering (see againFiles).
      silenceLimitMs: 12 * 60_000,
      // Its JSON report is its last word: after that it only stops its workers and exits.
      endedWhen: { pattern: /JSON report written to /, silenceMs: 60_000 },
    });
  let unit = fromReport(await vitest('unit', 'vitest.json', vitestFiles), 'vitest.json');
  const again = againFiles(unit);
  if (again.length > 0) {
    // Node's V8 sometimes aborts a process that makes and frees much WebAssembly code (PGlite,
    // tesseract.js): nodejs/node#64500, "Check failed: jit_page_->allocations_.erase(addr) == 1".
    // A worker can also stop answering (a stalled run on CI's machine, cause not yet found). The
    // tests of that file never finished, so the file runs again, whole, once; any failed test still
    // fails the run (decision 040).
    const why = unit.stalled ? 'stopped answering' : 'crashed';
    console.log(`\n── unit: a Vitest worker ${why} (no test failed); running ${again.join(', ')} again`);
    const rerun = fromReport(await vitest('unit (those files again)', 'vitest-rerun.json', again), 'vitest-rerun.json');
    unit = { ...rerun, startMs: unit.startMs };
  }
  unitEnded();
  results.push(unit, await lint, await typecheck, ...(await browser));
  return report(results, withE2e);
}

/**
 * A Vitest run stopped after it had written its report (it hung on exit: a process a test started
 * still held its worker's output open, see apps/server/test/node-child.ts) is as its report says:
 * passed when every test passed; the note printed when it was stopped lists what still ran under it.
 */
function fromReport(unit: Result, reportFile: string): Result {
  if (!unit.hungOnExit) return unit;
  try {
    const report = JSON.parse(readFileSync(join(TIMING_DIR, reportFile), 'utf8')) as { success?: boolean };
    if (report.success !== true) return unit;
  } catch {
    return unit;
  }
  console.log(`\n── ${unit.name}: every test passed (its report); it was stopped only because it did not exit`);
  return { ...unit, status: 'passed', exitCode: 0 };
}

/**
 * The test files to run again when the unit run failed only because a worker went away: those whose
 * Vitest worker process died of a signal (Vitest prints "Worker exited unexpectedly with signal
 * SIGTRAP … while running test file <path>") when no test failed in the JSON report, or, when the
 * run was stopped for its silence, the files still running then when none had failed
 * (scripts/vitest-progress-reporter.ts). Empty otherwise.
 */
function againFiles(unit: Result): string[] {
  if (unit.status === 'passed') return [];
  if (unit.stalled) {
    try {
      const progress = JSON.parse(readFileSync(PROGRESS_FILE, 'utf8')) as VitestProgress;
      return progress.failed.length === 0 ? progress.running : [];
    } catch {
      return [];
    }
  }
  const files = [
    ...stripVTControlCharacters(unit.output).matchAll(
      /Worker exited unexpectedly with signal SIG\w+ .*? while running test file (\S+)/g,
    ),
  ].map((m) => m[1] ?? '');
  if (files.length === 0) return [];
  try {
    const report = JSON.parse(readFileSync(join(TIMING_DIR, 'vitest.json'), 'utf8')) as { numFailedTests?: number };
    if (report.numFailedTests !== 0) return [];
  } catch {
    return [];
  }
  return [...new Set(files)];
}

function report(results: Result[], withE2e: boolean): number {
  const total = Date.now() - started;
  writeFileSync(join(TIMING_DIR, 'phases.json'), `${JSON.stringify({ totalMs: total, phases: results }, null, 2)}\n`);
  console.log(`\n── ${withE2e ? 'npm test' : 'npm run check'}: ${seconds(total)}`);
  for (const r of results) {
    console.log(
      `   ${r.status === 'passed' ? 'ok    ' : 'FAILED'} ${r.name.padEnd(10)} ${seconds(r.endMs - r.startMs).padStart(8)}  (from ${seconds(r.startMs)} to ${seconds(r.endMs)})`,
    );
  }
  const flaky = flakySummary(TIMING_DIR, PROGRESS_FILE);
  if (flaky.length > 0) console.log(`\n${flaky.join('\n')}`);
  const failed = results.filter((r) => r.status === 'failed');
  if (failed.length > 0) {
    const named = failureSummary(TIMING_DIR, ROOT);
    if (named.length > 0) console.error(`\n${named.join('\n')}`);
    console.error(
      `\n${withE2e ? 'npm test' : 'npm run check'} FAILED: ${failed.map((r) => `${r.name} (exit ${r.exitCode})`).join(', ')}; see each one's output above.`,
    );
    return 1;
  }
  console.log('\nAll checks passed. Timing: npm run test:timing');
  return 0;
}

// Exit, rather than wait for the event loop to empty: a process a failed test left running must not
// keep the run open (stdout and stderr are pipes or files here, written synchronously on Linux).
process.exit(await main());
