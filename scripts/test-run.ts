/**
 * `npm test`: every check, with the quick ones beside the unit tests instead of before them.
 *
 *   1. at once: lint (Biome), typecheck (tsc -b) and the web build in the background, their output
 *      held back and printed whole when each ends, while the unit and integration tests (Vitest)
 *      print live;
 *   2. as soon as the build is ready, still beside the unit tests: the browser tests (Playwright)
 *      and the production-dependencies smoke test (scripts/production-smoke.ts), held back and
 *      printed whole as well.
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
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const ROOT = resolve(import.meta.dirname, '..');
export const TIMING_DIR = join(ROOT, 'test-timing');

type Step = { name: string; command: string; args: string[]; live: boolean };
type Result = {
  name: string;
  status: 'passed' | 'failed';
  exitCode: number;
  startMs: number;
  endMs: number;
  /** The step's output (stdout and stderr), kept to be read after it ends. */
  output: string;
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
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
    });
    const output: Buffer[] = [];
    // A live step prints as it goes and is kept too (a crashed Vitest worker is read from it).
    child.stdout?.on('data', (chunk: Buffer) => {
      output.push(chunk);
      if (step.live) process.stdout.write(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output.push(chunk);
      if (step.live) process.stderr.write(chunk);
    });
    const finish = (exitCode: number) => {
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
      done({ name: step.name, status, exitCode, startMs, endMs, output: text });
    };
    child.on('error', (err) => {
      output.push(Buffer.from(`could not start: ${err.message}\n`));
      finish(127);
    });
    // 'close' waits for the output pipes too, and a server process a failed test left running holds
    // them open (it inherited them): the run would wait for it forever. So the step ends when its
    // process exits, with a few seconds for the last output to arrive.
    let ended = false;
    const end = (code: number | null, signal: NodeJS.Signals | null) => {
      if (ended) return;
      ended = true;
      finish(code ?? (signal ? 128 : 1));
    };
    child.on('close', end);
    child.on('exit', (code, signal) => {
      setTimeout(() => {
        if (ended) return;
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
  // The browser tests need only the build, so they start as soon as it is ready and run beside the
  // unit tests: on 2 cores each alone leaves about half the CPU idle (waiting on processes, timers,
  // PostgreSQL), and together they fill it (issue 33). Their output is printed whole when they end.
  const browser: Promise<Result[]> = withE2e
    ? run({ name: 'build', command: 'npm', args: ['run', '--silent', 'build'], live: false }).then(async (build) => {
        if (build.status === 'failed') {
          console.log('\n── e2e not started: the build failed');
          return [build];
        }
        // Beside the browser tests (both need the build): the clean production install's smoke test.
        const production = run({
          name: 'production',
          command: 'node',
          args: ['scripts/production-smoke.ts'],
          live: false,
        });
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
        ...(process.env.TEST_COVERAGE === '1' ? ['--coverage'] : []),
        ...files,
      ]),
      live: true,
    });
  let unit = await vitest('unit', 'vitest.json', vitestFiles);
  const crashed = crashedFiles(unit);
  if (crashed.length > 0) {
    // Node's V8 sometimes aborts a process that makes and frees much WebAssembly code (PGlite,
    // tesseract.js): nodejs/node#64500, "Check failed: jit_page_->allocations_.erase(addr) == 1".
    // The tests of that file after the crash never ran, so the file runs again, whole, once; any
    // failed test still fails the run (decision 040).
    console.log(`\n── unit: a Vitest worker crashed (no test failed); running ${crashed.join(', ')} again`);
    const again = await vitest('unit (crashed files again)', 'vitest-rerun.json', crashed);
    unit = { ...again, startMs: unit.startMs };
  }
  results.push(unit, await lint, await typecheck, ...(await browser));
  return report(results, withE2e);
}

/**
 * The test files whose Vitest worker process died of a signal (Vitest prints "Worker exited
 * unexpectedly with signal SIGTRAP … while running test file <path>"), when that is the only way
 * the run failed: no test failed in the JSON report. Empty otherwise.
 */
function crashedFiles(unit: Result): string[] {
  if (unit.status === 'passed') return [];
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
  const failed = results.filter((r) => r.status === 'failed');
  if (failed.length > 0) {
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
