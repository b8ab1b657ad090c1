/**
 * B11's server under test (a child process): a node:http server answering GET /ping, beside the
 * photo translate pipeline run as jobs in the same process (translatePhoto with the demo
 * translator: decode, OCR in tesseract.js's worker threads, drawing). It alternates phases, idle
 * and busy (JOBS jobs at once, over and over), measuring its own event-loop delay in each with
 * perf_hooks' monitorEventLoopDelay, and prints one line per phase:
 *
 *   phase <name> <start epoch ms> <end epoch ms> <JSON summary>
 *
 * Env: PORT (0 = any), JOBS (default 4), PHASE_MS (each phase's length, default 4000), ROUNDS
 * (idle/busy pairs, default 2), OCR_SIZE (the engine's workers reading at once; default its own).
 */
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { demoTranslate } from '../../apps/server/src/features/tools/photo-translate/demo-translate.ts';
import { createOcrEngine } from '../../apps/server/src/features/tools/photo-translate/ocr-engine.ts';
import { FIXTURE_SPECS, makeFixture } from '../../apps/server/src/features/tools/photo-translate/photo-fixtures.ts';
import { translatePhoto } from '../../apps/server/src/features/tools/photo-translate/photo-translate.service.ts';

const JOBS = Number(process.env.JOBS ?? 4);
const PHASE_MS = Number(process.env.PHASE_MS ?? 4000);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const OCR_SIZE = process.env.OCR_SIZE ? Number(process.env.OCR_SIZE) : undefined;

const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'no-store' });
  res.end(req.url === '/ping' ? 'pong' : 'ok');
});
await new Promise<void>((resolve) => server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', resolve));
const address = server.address();
console.log(`listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);

const engine = createOcrEngine(OCR_SIZE ? { size: OCR_SIZE } : {});
// Latin photos with their language chosen: the same worker set serves every job.
const fixtures = await Promise.all(
  FIXTURE_SPECS.filter((s) => ['en', 'tr', 'de'].includes(s.language)).map((s) => makeFixture(s)),
);
let next = 0;
let done = 0;
async function job(): Promise<void> {
  const fixture = fixtures[next++ % fixtures.length];
  if (!fixture) return;
  await translatePhoto({
    bytes: fixture.bytes,
    source: fixture.language,
    target: 'tr',
    translate: demoTranslate,
    ocr: engine,
  });
  done++;
}

// Warm up: start the workers (each start is ~0.5 s of its own) before anything is measured.
await Promise.all(Array.from({ length: JOBS }, job));
console.log(`warm: ${engine.stats().workers} workers`);

async function phase(name: 'idle' | 'busy'): Promise<void> {
  const histogram = monitorEventLoopDelay({ resolution: 2 });
  const start = Date.now();
  const doneBefore = done;
  histogram.enable();
  if (name === 'busy') {
    // JOBS lanes, each starting its next job when its last one ends, until the phase is over.
    await Promise.all(
      Array.from({ length: JOBS }, async () => {
        while (Date.now() - start < PHASE_MS) await job();
      }),
    );
  } else {
    await new Promise((resolve) => setTimeout(resolve, PHASE_MS));
  }
  histogram.disable();
  const end = Date.now();
  const ms = (ns: number) => Math.round((ns / 1e6) * 100) / 100;
  const summary = {
    jobs: done - doneBefore,
    p50: ms(histogram.percentile(50)),
    p99: ms(histogram.percentile(99)),
    max: ms(histogram.max),
    mean: ms(histogram.mean),
  };
  console.log(`phase ${name} ${start} ${end} ${JSON.stringify(summary)}`);
}

for (let round = 0; round < ROUNDS; round++) {
  // Alternate which goes first, as every baseline in bench/ does.
  const order: ('idle' | 'busy')[] = round % 2 === 0 ? ['idle', 'busy'] : ['busy', 'idle'];
  for (const name of order) await phase(name);
}
console.log('finished');
await engine.close();
server.close();
