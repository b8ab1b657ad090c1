/**
 * Runs the benchmarks (see bench/README.md):
 *
 *   npm run bench                         all of them at their full sizes
 *   npm run bench -- b1 b3                only these (b1 first-token, b2 token-gaps, b3 concurrent-streams,
 *                                         b7 first-screen, b8 lighthouse, b9 markdown-stream, b10 long-chat,
 *                                         b11 photo-ocr, b12 image-jobs, b13 fair-jobs, b14 long-chat-cost, b15 data-export,
 *                                         b16 console-lists)
 *   npm run bench -- --smoke              tiny sizes, a few seconds each: proves the harness works
 *   npm run bench -- b3 --streams 5000    options: --requests N (B1), --runs N (B2), --streams N,
 *                                         --ramp N/s, --grace S, --rounds N (B3, B7, B8, B11, B12), --tokens N, --pace MS (B2, B3),
 *                                         --jobs N, --delay MS, --samples N (B12; --jobs, --delay, --rounds for B13), --messages N, --images N (B15), --people N, --messages N (B16),
 *                                         --postgres <url> (our server on PostgreSQL instead of PGlite),
 *                                         --instances N (B3 per machine: 1 and N instances behind nginx; --postgres and REDIS_URL)
 *
 * Targets are reported (PASS/MISS), not asserted: the exit code is 0 unless the harness itself fails.
 */
import { loadavg } from 'node:os';
import { b1FirstToken } from './b1-first-token.ts';
import { b2TokenGaps } from './b2-token-gaps.ts';
import { b3ConcurrentStreams } from './b3-concurrent-streams.ts';
import { b7FirstScreen } from './b7-first-screen.ts';
import { b8Lighthouse } from './b8-lighthouse.ts';
import { b9MarkdownStream } from './b9-markdown-stream.ts';
import { b10LongChat } from './b10-long-chat.ts';
import { b11PhotoOcr } from './b11-photo-ocr.ts';
import { b12ImageJobs } from './b12-image-jobs.ts';
import { b13FairJobs } from './b13-fair-jobs.ts';
import { b14LongChatCost } from './b14-long-chat-cost.ts';
import { b15DataExport } from './b15-data-export.ts';
import { b16ConsoleLists } from './b16-console-lists.ts';
import type { Bench, Options } from './lib/context.ts';
import { startFakes } from './lib/fakes.ts';
import { killAllChildren, openFileLimit } from './lib/procs.ts';
import { machine, writeReport } from './lib/results.ts';

const BENCHES: Bench[] = [
  b1FirstToken,
  b2TokenGaps,
  b3ConcurrentStreams,
  b7FirstScreen,
  b8Lighthouse,
  b9MarkdownStream,
  b10LongChat,
  b11PhotoOcr,
  b12ImageJobs,
  b13FairJobs,
  b14LongChatCost,
  b15DataExport,
  b16ConsoleLists,
];

const NUMERIC = [
  'requests',
  'runs',
  'streams',
  'ramp',
  'grace',
  'rounds',
  'tokens',
  'pace',
  'jobs',
  'delay',
  'samples',
  'messages',
  'images',
  'people',
  'instances',
] as const;

function usage(problem: string): never {
  console.error(`${problem}
usage: npm run bench -- [b1|b2|b3|b7|b8|b9|b10|b11|b12|b13|b14|b15|b16 …] [--smoke] [--postgres <url>] [--requests N] [--runs N]
                        [--streams N] [--ramp N] [--grace S] [--rounds N] [--tokens N] [--pace MS]
                        [--jobs N] [--delay MS] [--samples N] [--messages N] [--images N] [--people N] [--instances N]`);
  process.exit(2);
}

function parseArgs(argv: string[]): { benches: Bench[]; options: Options } {
  const options: Options = { smoke: false };
  const names: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) {
      names.push(arg.toLowerCase());
      continue;
    }
    const [flag = '', inline] = arg.slice(2).split('=', 2);
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) usage(`--${flag} needs a value`);
      return v;
    };
    if (flag === 'smoke') options.smoke = true;
    else if (flag === 'postgres') options.postgres = value();
    else if ((NUMERIC as readonly string[]).includes(flag)) {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0) usage(`--${flag} needs a whole number`);
      options[flag as (typeof NUMERIC)[number]] = n;
    } else usage(`unknown option --${flag}`);
  }
  const benches = names.length
    ? names.map((name) => BENCHES.find((b) => b.aliases.includes(name)) ?? usage(`unknown benchmark "${name}"`))
    : BENCHES;
  return { benches, options };
}

async function main() {
  const { benches, options } = parseArgs(process.argv.slice(2));
  const m = machine();
  const fd = openFileLimit();
  console.log(
    `bench: node ${m.node}, ${m.cpus} cpus (${m.cpuModel}), commit ${m.commit}, open files ${fd.soft}/${fd.hard}, ` +
      `load ${loadavg()
        .map((x) => x.toFixed(1))
        .join(
          '/',
        )}, database ${options.postgres ? 'postgres (--postgres)' : 'pglite (temp DATA_DIR)'}${options.smoke ? ', SMOKE sizes' : ''}`,
  );
  const fakes = await startFakes();
  let failed = false;
  try {
    for (const bench of benches) {
      console.log(`\n== ${bench.id} ${bench.name}`);
      const started = Date.now();
      try {
        const report = await bench.run({ options, fakes });
        const file = writeReport(report, { options, seconds: (Date.now() - started) / 1000 });
        console.log(
          `${bench.id} wrote ${file} (${((Date.now() - started) / 1000).toFixed(1)} s, load ${loadavg()[0]?.toFixed(1)})`,
        );
      } catch (err) {
        failed = true;
        console.error(`${bench.id} failed:`, err);
      }
    }
  } finally {
    await fakes.stop();
  }
  process.exit(failed ? 1 : 0);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killAllChildren();
    process.exit(130);
  });
}
process.on('exit', killAllChildren);

main().catch((err: unknown) => {
  console.error(err);
  killAllChildren();
  process.exit(1);
});
