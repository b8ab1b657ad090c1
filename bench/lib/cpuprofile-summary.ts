/**
 * Where a server's CPU went, from a V8 .cpuprofile (BENCH_SERVER_NODE_OPTIONS="--cpu-prof
 * --cpu-prof-dir=DIR"): per second of the run, how much was idle, in the database (PGlite runs in
 * process, as WebAssembly, so its queries are CPU time of the event loop), in socket writes or in
 * the rest; then self time by package and by function, optionally for a window of the run only
 * (e.g. the ramp of B3, leaving start-up, migrations and sign-ups out).
 *
 *   node bench/lib/cpuprofile-summary.ts DIR_OR_FILE [--from S] [--to S] [--top N]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { from: { type: 'string' }, to: { type: 'string' }, top: { type: 'string' } },
});
const target = positionals[0];
if (!target) {
  console.error('usage: node bench/lib/cpuprofile-summary.ts DIR_OR_FILE [--from S] [--to S] [--top N]');
  process.exit(2);
}
const from = Number(values.from ?? 0);
const to = Number(values.to ?? Number.POSITIVE_INFINITY);
const top = Number(values.top ?? 30);

const files = statSync(target).isDirectory()
  ? readdirSync(target)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => join(target, f))
  : [target];

/** A short place name: a package for node_modules, the repository path for our own files. */
function place(url: string): string {
  if (!url) return '(native)';
  const inModules = url.split('node_modules/').at(-1) ?? url;
  if (inModules !== url) {
    const parts = inModules.split('/');
    return parts.slice(0, parts[0]?.startsWith('@') ? 2 : 1).join('/');
  }
  if (url.startsWith('wasm://')) return '(wasm: PGlite)';
  return url.replace(/^file:\/\/.*?\/(apps|packages|bench)\//, '$1/');
}

function printTop(title: string, totals: Map<string, number>) {
  console.log(`-- ${title}`);
  for (const [key, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${ms.toFixed(0).padStart(8)} ms  ${key}`);
  }
}

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
  /** The sample's kind for the timeline: PGlite anywhere on its stack counts as database time. */
  const kindOf = (id: number): string => {
    const leaf = byId.get(id)?.callFrame.functionName;
    if (leaf === '(idle)') return 'idle';
    if (leaf === 'writev' || leaf === 'writeBuffer' || leaf === 'writeUtf8String') return 'socket-write';
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const url = byId.get(at)?.callFrame.url ?? '';
      if (url.includes('@electric-sql/pglite') || url.startsWith('wasm://')) return 'database';
    }
    return 'other';
  };

  const seconds: Map<string, number>[] = [];
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let elapsedUs = 0;
  let windowMs = 0;
  profile.samples.forEach((id, i) => {
    elapsedUs += profile.timeDeltas[i] ?? 0;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const second = Math.floor(elapsedUs / 1e6);
    const bucket = seconds[second] ?? new Map<string, number>();
    seconds[second] = bucket;
    const kind = kindOf(id);
    bucket.set(kind, (bucket.get(kind) ?? 0) + ms);
    if (elapsedUs / 1e6 < from || elapsedUs / 1e6 >= to) return;
    windowMs += ms;
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const where = place(frame.url);
    byPlace.set(where, (byPlace.get(where) ?? 0) + ms);
    const fn = `${frame.functionName || '(anonymous)'}  ${where}:${frame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  });

  console.log(`${file}: ${(elapsedUs / 1e6).toFixed(1)} s profiled`);
  console.log('-- per second (ms): idle, database, socket-write, other');
  seconds.forEach((bucket, s) => {
    const of = (k: string) => (bucket.get(k) ?? 0).toFixed(0).padStart(5);
    console.log(`${String(s).padStart(4)} s ${of('idle')} ${of('database')} ${of('socket-write')} ${of('other')}`);
  });
  console.log(`window ${from}–${to} s: ${windowMs.toFixed(0)} ms sampled`);
  printTop('self time by package or file', byPlace);
  printTop('self time by function', byFunction);
}
