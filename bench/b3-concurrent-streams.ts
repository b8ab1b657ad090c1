/**
 * B3: concurrent streams held by one process. N streams are opened (ramped at --ramp per second)
 * through our server, whose answers come from the provider stand-in in another process, and through a
 * bare node:http SSE fan-out server (one timer per stream, the same tokens at the same cadence). For
 * each we check every stream got every token once and in order, measure the gaps between tokens, and
 * sample the server process's RSS (/proc/<pid>/status) before and during the run: memory per stream is
 * (peak RSS − RSS before) ÷ N. Fresh servers every round; the two sides alternate which goes first.
 *
 * With --instances N (the per-machine figure): the same streams through Debian's nginx to our server
 * as 1 and as N instances on PostgreSQL + Redis (lib/cluster.ts, the code behind `npm run cluster`),
 * alternating, instead of one process against the bare server.
 */

import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { defaultAnswerTokens } from '@polymath/provider-fakes';
import { chatBody, chatHeaders, directive } from './lib/chat.ts';
import { clusterSkipReason, startOurCluster } from './lib/cluster.ts';
import type { Bench, Context } from './lib/context.ts';
import { cpuMs, openFileLimit, rssBytes, startChild } from './lib/procs.ts';
import { type BenchReport, type Figure, figure, type Verdict, verdict } from './lib/results.ts';
import { type OurServer, startOurServer } from './lib/server.ts';
import { createSession, type Session } from './lib/session.ts';
import { newAgent, type StreamRequest, stream } from './lib/sse.ts';
import { kb, mb, ms, round, roundSummary, summarize } from './lib/stats.ts';

const TARGET_STREAMS = 5000;
const MAX_GAP_MS = 200;
const STREAMS_PER_USER = 1000;

type Side = 'ours' | 'bare';

/** The distinct warnings and errors our server logged (pino JSON lines, level ≥ 40), with counts. */
function serverWarnings(output: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      if ((entry.level ?? 0) < 40 || entry.msg?.startsWith('SMTP_URL')) continue;
      const key = `${entry.msg ?? '?'}${entry.err?.message ? `: ${entry.err.message}` : ''}`.slice(0, 300);
      counts[key] = (counts[key] ?? 0) + 1;
    } catch {}
  }
  return counts;
}

type SideResult = {
  /** "ours", "bare", or "N instance(s)" behind nginx. */
  side: string;
  streams: number;
  intact: number;
  failed: number;
  /** Streams still running when the deadline came (cut by the bench). */
  cut: number;
  lostTokens: number;
  mismatched: number;
  errors: string[];
  peakConcurrent: number;
  /** Streams with at least one gap over MAX_GAP_MS. */
  streamsOverGap: number;
  /** Tokens that came less than a quarter of the pace after the one before: held back, then sent in a burst. */
  coalesced: number;
  maxGap: number;
  /** Seconds from the first request to the end of the longest gap, and to the last stream opened. */
  maxGapAt: number;
  rampSeconds: number;
  gaps: number[];
  ttft: number[];
  rssBefore: number;
  rssPeak: number;
  /** (peak RSS − RSS before) ÷ N. */
  memoryPerStream: number;
  /** (peak RSS − RSS before) ÷ the most streams open at once. */
  memoryPerHeldStream: number;
  cpuMs: number;
  seconds: number;
  /** Streams answered (headers received) per second, from the first request to the last headers. */
  openRate: number;
  clientLoopDelayMaxMs: number;
  clientLoopDelayP99Ms: number;
  /** What our server logged at warn and above (the last 64 KB of its output), by message. */
  serverWarnings?: Record<string, number>;
  /** 1-minute load average of the machine before and after (the machine is shared). */
  load: [number, number];
};

async function measure(
  side: string,
  pids: number[],
  n: number,
  settings: { ramp: number; tokens: number; pace: number; graceSeconds: number },
  makeRequest: (i: number) => Omit<StreamRequest, 'agent' | 'wire' | 'light' | 'expected' | 'onHeaders'>,
): Promise<SideResult> {
  const { ramp, tokens, pace } = settings;
  const expected = defaultAnswerTokens('openai', 'gpt-4o-mini', tokens);
  const agent = newAgent();
  // Let the process settle after the warm-up, then take its resting RSS.
  await new Promise((r) => setTimeout(r, 1000));
  const loadBefore = loadavg()[0] ?? 0;
  // Several processes (instances): their sum.
  const rss = () => pids.reduce((sum, pid) => sum + rssBytes(pid), 0);
  const cpu = () => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const rssBefore = rss();
  const cpuBefore = cpu();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rss());
  }, 100);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();

  let active = 0;
  let peakConcurrent = 0;
  let answered = 0;
  let lastHeadersAt = 0;
  let deadlinePassed = false;
  const result: SideResult = {
    side,
    streams: n,
    intact: 0,
    failed: 0,
    cut: 0,
    lostTokens: 0,
    mismatched: 0,
    errors: [],
    peakConcurrent: 0,
    streamsOverGap: 0,
    coalesced: 0,
    maxGap: 0,
    maxGapAt: 0,
    rampSeconds: 0,
    gaps: [],
    ttft: [],
    rssBefore,
    rssPeak: 0,
    memoryPerStream: 0,
    memoryPerHeldStream: 0,
    cpuMs: 0,
    seconds: 0,
    openRate: 0,
    clientLoopDelayMaxMs: 0,
    clientLoopDelayP99Ms: 0,
    load: [loadBefore, 0],
  };
  const started = performance.now();
  const pending: Promise<void>[] = [];
  const open = (i: number) =>
    stream({
      ...makeRequest(i),
      agent,
      wire: 'ui',
      light: true,
      expected,
      onHeaders: () => {
        answered++;
        lastHeadersAt = performance.now();
        active++;
        peakConcurrent = Math.max(peakConcurrent, active);
      },
    }).then((r) => {
      if (!Number.isNaN(r.headersAt)) active--;
      const ok = r.status === 200 && !r.error && r.finished && r.count === tokens && r.mismatches === 0;
      if (ok) result.intact++;
      else if (deadlinePassed && r.error) result.cut++;
      else {
        result.failed++;
        if (result.errors.length < 10) {
          result.errors.push(r.error ?? `status ${r.status}, ${r.count}/${tokens} tokens, finished=${r.finished}`);
        }
      }
      result.lostTokens += Math.max(0, tokens - r.count);
      result.mismatched += r.mismatches;
      let worst = 0;
      for (const g of r.gaps) {
        result.gaps.push(g);
        if (g > worst) worst = g;
        if (g < pace / 4) result.coalesced++;
      }
      if (worst > MAX_GAP_MS) result.streamsOverGap++;
      if (r.maxGap > result.maxGap) {
        result.maxGap = r.maxGap;
        result.maxGapAt = (r.maxGapAt - started) / 1000;
      }
      if (r.count > 0) result.ttft.push(r.firstTokenAt - r.sentAt);
    });

  // Ramp: open streams on a 10 ms tick at `ramp` per second.
  await new Promise<void>((resolve) => {
    let opened = 0;
    const tick = () => {
      const due = Math.min(n, Math.max(1, Math.floor(((performance.now() - started) / 1000) * ramp)));
      while (opened < due) pending.push(open(opened++));
      if (opened < n) setTimeout(tick, 10);
      else resolve();
    };
    tick();
  });
  result.rampSeconds = (performance.now() - started) / 1000;
  // A server that falls behind must not hang the bench: streams still running this long after the
  // last one should have ended are cut (and counted as cut).
  const deadlineMs = Math.max(
    0,
    started + (n / ramp) * 1000 + tokens * pace + settings.graceSeconds * 1000 - performance.now(),
  );
  const timer = setTimeout(() => {
    deadlinePassed = true;
    agent.destroy();
  }, deadlineMs);
  await Promise.all(pending);
  clearTimeout(timer);
  clearInterval(sampler);
  loop.disable();
  agent.destroy();

  result.seconds = (performance.now() - started) / 1000;
  result.openRate = answered / Math.max(0.001, (lastHeadersAt - started) / 1000);
  result.peakConcurrent = peakConcurrent;
  result.rssPeak = rssPeak;
  result.memoryPerStream = (rssPeak - rssBefore) / n;
  result.memoryPerHeldStream = (rssPeak - rssBefore) / Math.max(1, peakConcurrent);
  result.cpuMs = cpu() - cpuBefore;
  result.clientLoopDelayMaxMs = loop.max / 1e6;
  result.clientLoopDelayP99Ms = loop.percentile(99) / 1e6;
  result.load[1] = loadavg()[0] ?? 0;
  return result;
}

type Settings = { ramp: number; tokens: number; pace: number; graceSeconds: number };

/**
 * N streams through POST /api/chat at `target` (our server, or nginx in front of our instances): signs
 * up the users, warms up with a few short answers, measures; the target's processes are `pids`.
 */
async function measureChat(
  side: string,
  target: Pick<OurServer, 'url' | 'dataDir'>,
  pids: number[],
  n: number,
  settings: Settings,
): Promise<SideResult> {
  const sessions: Session[] = [];
  for (let u = 0; u < Math.ceil(n / STREAMS_PER_USER); u++) sessions.push(await createSession(target, `b3u${u}`));
  const request = (i: number, text: string) => ({
    url: `${target.url}/api/chat`,
    headers: chatHeaders(target, sessions[i % sessions.length] as Session),
    body: chatBody(text),
  });
  const warm = newAgent();
  await Promise.all(
    Array.from({ length: 10 }, (_, i) => stream({ ...request(i, directive(4, 5)), agent: warm, wire: 'ui' })),
  );
  warm.destroy();
  const text = directive(settings.tokens, settings.pace);
  return measure(side, pids, n, settings, (i) => request(i, text));
}

async function runOurs(ctx: Context, n: number, settings: Settings): Promise<SideResult> {
  const server = await startOurServer({ openaiBaseUrl: ctx.fakes.openaiBaseUrl, postgresUrl: ctx.options.postgres });
  try {
    const result = await measureChat('ours', server, [server.pid], n, settings);
    if (server.child.process.exitCode !== null) {
      result.errors.unshift(
        `our server exited (${server.child.process.exitCode}): ${server.child.output().slice(-500)}`,
      );
    }
    result.serverWarnings = serverWarnings(server.child.output());
    return result;
  } finally {
    await server.stop();
  }
}

const instancesLabel = (k: number) => `${k} instance${k === 1 ? '' : 's'}`;

/** Our server as `instances` processes behind nginx (PostgreSQL + Redis), the client talking to nginx. */
async function runCluster(
  ctx: Context,
  instances: number,
  urls: { postgres: string; redis: string },
  n: number,
  settings: Settings,
): Promise<SideResult> {
  const cluster = await startOurCluster({
    instances,
    openaiBaseUrl: ctx.fakes.openaiBaseUrl,
    postgresUrl: urls.postgres,
    redisUrl: urls.redis,
  });
  try {
    const result = await measureChat(instancesLabel(instances), cluster, cluster.pids, n, settings);
    result.errors.unshift(...cluster.exited());
    result.serverWarnings = serverWarnings(cluster.output());
    return result;
  } finally {
    await cluster.stop();
  }
}

async function runBare(n: number, settings: Settings): Promise<SideResult> {
  const bare = startChild('bare fan-out', 'bench/lib/bare-fanout.ts', { PORT: '0' });
  try {
    const [, url] = await bare.waitFor(/listening on (http:\/\/\S+)/);
    const request = (t: number, p: number) => ({
      url: `${url}/stream?tokens=${t}&pace=${p}`,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const warm = newAgent();
    await Promise.all(Array.from({ length: 10 }, () => stream({ ...request(4, 5), agent: warm, wire: 'ui' })));
    warm.destroy();
    return await measure('bare', [bare.pid], n, settings, () => request(settings.tokens, settings.pace));
  } finally {
    await bare.stop();
  }
}

function pooled(results: SideResult[]) {
  const sum = (f: (r: SideResult) => number) => results.reduce((s, r) => s + f(r), 0);
  const median = (f: (r: SideResult) => number) => {
    const sorted = results.map(f).sort((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
  };
  return {
    streams: sum((r) => r.streams),
    intact: sum((r) => r.intact),
    failed: sum((r) => r.failed),
    cut: sum((r) => r.cut),
    lostTokens: sum((r) => r.lostTokens),
    mismatched: sum((r) => r.mismatched),
    streamsOverGap: sum((r) => r.streamsOverGap),
    coalesced: sum((r) => r.coalesced),
    maxGap: Math.max(...results.map((r) => r.maxGap)),
    peakConcurrent: Math.min(...results.map((r) => r.peakConcurrent)),
    gaps: summarize(results.flatMap((r) => r.gaps)),
    ttft: summarize(results.flatMap((r) => r.ttft)),
    memoryPerStream: median((r) => r.memoryPerStream),
    memoryPerHeldStream: median((r) => r.memoryPerHeldStream),
    rssBefore: Math.max(...results.map((r) => r.rssBefore)),
    rssPeak: Math.max(...results.map((r) => r.rssPeak)),
    cpuMsPerStream:
      sum((r) => r.cpuMs) /
      Math.max(
        1,
        sum((r) => r.streams),
      ),
    openRate: Math.min(...results.map((r) => r.openRate)),
    clientLoopDelayMaxMs: Math.max(...results.map((r) => r.clientLoopDelayMaxMs)),
  };
}

function logRound(round: number, result: SideResult): void {
  const { side } = result;
  console.log(
    `B3 round ${round + 1} ${side}: ${result.intact}/${result.streams} intact (${result.failed} failed, ${result.cut} cut), peak ${result.peakConcurrent} open, opened ${result.openRate.toFixed(0)}/s, max gap ${ms(result.maxGap)} at ${result.maxGapAt.toFixed(1)} s (ramp ${result.rampSeconds.toFixed(1)} s), RSS ${mb(result.rssBefore)} → ${mb(result.rssPeak)}, ${result.seconds.toFixed(1)} s, load ${result.load[0].toFixed(1)} → ${result.load[1].toFixed(1)}`,
  );
  for (const e of new Set(result.errors)) console.log(`B3   ${side} error: ${e}`);
  for (const [msg, count] of Object.entries(result.serverWarnings ?? {})) {
    console.log(`B3   ${side} server logged ${count}× ${msg}`);
  }
}

type Pooled = ReturnType<typeof pooled>;

const intactText = (p: Pooled) =>
  `${p.intact}/${p.streams} (failed ${p.failed}, cut ${p.cut}, lost tokens ${p.lostTokens}, out of order ${p.mismatched}, peak open ${p.peakConcurrent})`;

/** PASS when every stream of a run at the target's size came whole and all were open at once. */
function heldVerdict(p: Pooled, n: number): Verdict {
  const noLoss = p.failed === 0 && p.cut === 0 && p.lostTokens === 0 && p.mismatched === 0;
  return !noLoss || p.peakConcurrent < n ? 'MISS' : n >= TARGET_STREAMS ? 'PASS' : 'SKIP';
}

const belowTarget = (n: number) =>
  n < TARGET_STREAMS ? ` [N=${n} is below the target: --streams ${TARGET_STREAMS}]` : '';

type Phase = { figures: Figure[]; perRound: Record<string, SideResult[]> };

/** The per-process figure: our server in one process against the bare fan-out server. */
async function perProcess(ctx: Context, n: number, settings: Settings, rounds: number): Promise<Phase> {
  const { pace, ramp } = settings;
  const results: Record<Side, SideResult[]> = { ours: [], bare: [] };
  for (let r = 0; r < rounds; r++) {
    const order: Side[] = r % 2 === 0 ? ['bare', 'ours'] : ['ours', 'bare'];
    for (const side of order) {
      const result = side === 'ours' ? await runOurs(ctx, n, settings) : await runBare(n, settings);
      results[side].push(result);
      logRound(r, result);
    }
  }
  const ours = pooled(results.ours);
  const bare = pooled(results.bare);

  const figures: Figure[] = [];
  figures.push(
    figure('B3', {
      name: 'streams intact',
      text: `ours=${intactText(ours)} bare=${bare.intact}/${bare.streams} (failed ${bare.failed}, cut ${bare.cut}, lost tokens ${bare.lostTokens}, peak open ${bare.peakConcurrent})${belowTarget(n)}`,
      target: `≥${TARGET_STREAMS} held at once, no lost frame`,
      verdict: heldVerdict(ours, n),
      values: {
        n,
        oursIntact: ours.intact,
        oursFailed: ours.failed,
        oursCut: ours.cut,
        oursLostTokens: ours.lostTokens,
        oursOutOfOrder: ours.mismatched,
        oursPeakConcurrent: ours.peakConcurrent,
        bareIntact: bare.intact,
        bareFailed: bare.failed,
        barePeakConcurrent: bare.peakConcurrent,
      },
    }),
  );
  // Gaps over 200 ms in the bare baseline too mean the machine (or the bench's own loop) stalled:
  // ours is then judged only by whether it had more such streams than the baseline.
  const gapVerdict: Verdict =
    ours.streamsOverGap === 0 ? 'PASS' : ours.streamsOverGap > bare.streamsOverGap ? 'MISS' : 'SKIP';
  figures.push(
    figure('B3', {
      name: 'max gap',
      text: `ours=${ms(ours.maxGap)} bare=${ms(bare.maxGap)}; streams with a gap over ${MAX_GAP_MS}ms: ours=${ours.streamsOverGap} bare=${bare.streamsOverGap}${gapVerdict === 'SKIP' ? ' (the baseline stalled as much: noisy run)' : ''}`,
      target: `none over ${MAX_GAP_MS}ms`,
      verdict: gapVerdict,
      values: {
        ours: round(ours.maxGap),
        bare: round(bare.maxGap),
        oursStreamsOverGap: ours.streamsOverGap,
        bareStreamsOverGap: bare.streamsOverGap,
      },
    }),
  );
  figures.push(
    figure('B3', {
      name: 'gap p99',
      text: `ours=${ms(ours.gaps.p99)} bare=${ms(bare.gaps.p99)} added=${ms(ours.gaps.p99 - bare.gaps.p99)} (p50 ours=${ms(ours.gaps.p50)} bare=${ms(bare.gaps.p50)}; pace ${pace}ms; tokens coalesced into bursts, gap under ${ms(pace / 4)}: ours=${ours.coalesced} bare=${bare.coalesced})`,
      verdict: 'INFO',
      values: {
        ours: round(ours.gaps.p99),
        bare: round(bare.gaps.p99),
        oursP50: round(ours.gaps.p50),
        bareP50: round(bare.gaps.p50),
        oursCoalesced: ours.coalesced,
        bareCoalesced: bare.coalesced,
      },
    }),
  );
  // Per stream held: the RSS growth ÷ the most streams open at once (= N when a server holds them all).
  // A server that never holds N at once would look cheaper ÷ N than it is; both are printed.
  const memRatio = ours.memoryPerHeldStream / Math.max(1, bare.memoryPerHeldStream);
  const nRatio = ours.memoryPerStream / Math.max(1, bare.memoryPerStream);
  figures.push(
    figure('B3', {
      name: 'memory per stream',
      text: `ours=${kb(ours.memoryPerHeldStream)} bare=${kb(bare.memoryPerHeldStream)} ratio=${memRatio.toFixed(1)}x (RSS growth ÷ streams held at peak: ours ${ours.peakConcurrent}, bare ${bare.peakConcurrent}; RSS ours ${mb(ours.rssBefore)} → ${mb(ours.rssPeak)}, bare ${mb(bare.rssBefore)} → ${mb(bare.rssPeak)}; ÷ N: ours=${kb(ours.memoryPerStream)} bare=${kb(bare.memoryPerStream)} ratio=${nRatio.toFixed(1)}x)`,
      target: '≤3x bare',
      verdict: verdict(memRatio <= 3),
      values: {
        oursBytes: Math.round(ours.memoryPerStream),
        bareBytes: Math.round(bare.memoryPerStream),
        ratio: round(memRatio, 2),
        ratioPerN: round(nRatio, 2),
        oursBytesPerHeld: Math.round(ours.memoryPerHeldStream),
        bareBytesPerHeld: Math.round(bare.memoryPerHeldStream),
        oursRssBefore: ours.rssBefore,
        oursRssPeak: ours.rssPeak,
        bareRssBefore: bare.rssBefore,
        bareRssPeak: bare.rssPeak,
      },
    }),
  );
  figures.push(
    figure('B3', {
      name: 'cpu per stream',
      text: `ours=${ms(ours.cpuMsPerStream)} bare=${ms(bare.cpuMsPerStream)} (server process user+system)`,
      verdict: 'INFO',
      values: { ours: round(ours.cpuMsPerStream), bare: round(bare.cpuMsPerStream) },
    }),
  );
  if (ours.openRate < ramp / 2 && bare.openRate >= ramp / 2) {
    console.log(
      `B3 note: our server answered ${ours.openRate.toFixed(0)} new streams/s against ${ramp}/s asked: it was saturated, so this run shows it overloaded (try --ramp ${Math.max(1, Math.round(ours.openRate))}).`,
    );
  }
  figures.push(
    figure('B3', {
      name: 'opening',
      text: `opened ours=${ours.openRate.toFixed(0)}/s bare=${bare.openRate.toFixed(0)}/s (asked ${ramp}/s); first token p50 ours=${ms(ours.ttft.p50)} bare=${ms(bare.ttft.p50)} p99 ours=${ms(ours.ttft.p99)} bare=${ms(bare.ttft.p99)}`,
      verdict: 'INFO',
      values: {
        oursOpenPerSecond: round(ours.openRate, 1),
        bareOpenPerSecond: round(bare.openRate, 1),
        oursP50: round(ours.ttft.p50),
        bareP50: round(bare.ttft.p50),
        oursP99: round(ours.ttft.p99),
        bareP99: round(bare.ttft.p99),
      },
    }),
  );
  figures.push(
    figure('B3', {
      name: 'client loop delay max',
      text: `during ours=${ms(ours.clientLoopDelayMaxMs)} during bare=${ms(bare.clientLoopDelayMaxMs)} (the bench's own event loop: gaps it adds itself)`,
      verdict: 'INFO',
      values: { ours: round(ours.clientLoopDelayMaxMs), bare: round(bare.clientLoopDelayMaxMs) },
    }),
  );

  return { figures, perRound: results };
}

/**
 * The per-machine figure: our server as 1 and as `instances` processes behind nginx on PostgreSQL +
 * Redis, alternating which goes first; SKIP without PostgreSQL, Redis or nginx.
 */
async function perMachine(
  ctx: Context,
  instances: number,
  n: number,
  settings: Settings,
  rounds: number,
): Promise<Phase> {
  const postgres = ctx.options.postgres;
  const redis = process.env.REDIS_URL;
  const skip = clusterSkipReason(postgres, redis);
  if (skip || !postgres || !redis) {
    const text = `our server as 1 and ${instancesLabel(instances)} behind nginx on PostgreSQL + Redis: ${skip}`;
    return {
      figures: [figure('B3', { name: 'per machine', text, verdict: 'SKIP', values: { skip: String(skip) } })],
      perRound: {},
    };
  }
  const cores = availableParallelism();
  const sharing = `${cores} cores shared by the client (this process), the provider stand-in, nginx (${Math.min(2, cores)} workers) and the server instances`;
  console.log(`B3 per machine: 1 → ${instancesLabel(instances)} behind nginx; ${sharing}`);
  const configs = [...new Set([1, instances])];
  const results: Record<string, SideResult[]> = {};
  for (let r = 0; r < rounds; r++) {
    for (const k of r % 2 === 0 ? configs : [...configs].reverse()) {
      const result = await runCluster(ctx, k, { postgres, redis }, n, settings);
      results[result.side] = [...(results[result.side] ?? []), result];
      logRound(r, result);
    }
  }
  const oneLabel = instancesLabel(1);
  const manyLabel = instancesLabel(instances);
  const one = pooled(results[oneLabel] ?? []);
  const many = pooled(results[manyLabel] ?? []);
  const ratio = (a: number, b: number) => a / Math.max(1e-9, b);

  const figures: Figure[] = [];
  // The target is for one process per core; fewer instances cannot tell.
  const held = heldVerdict(many, n);
  figures.push(
    figure('B3', {
      name: 'per machine streams intact',
      text: `${manyLabel}=${intactText(many)}${instances > 1 ? ` ${oneLabel}=${intactText(one)}` : ''}${belowTarget(n)}${instances < cores ? ` [${instances} instance(s) on ${cores} cores: --instances ${cores}]` : ''}`,
      target: `≥${TARGET_STREAMS} held at once with one process per core, no lost frame`,
      verdict: held === 'PASS' && instances < cores ? 'SKIP' : held,
      values: {
        n,
        instances,
        cores,
        intact: many.intact,
        failed: many.failed,
        cut: many.cut,
        lostTokens: many.lostTokens,
        outOfOrder: many.mismatched,
        peakConcurrent: many.peakConcurrent,
        oneIntact: one.intact,
        onePeakConcurrent: one.peakConcurrent,
      },
    }),
  );
  figures.push(
    figure('B3', {
      name: 'per machine max gap',
      text: `${manyLabel}=${ms(many.maxGap)} ${oneLabel}=${ms(one.maxGap)}; streams with a gap over ${MAX_GAP_MS}ms: ${manyLabel}=${many.streamsOverGap} ${oneLabel}=${one.streamsOverGap} (gap p99 ${ms(many.gaps.p99)} / ${ms(one.gaps.p99)})`,
      target: `none over ${MAX_GAP_MS}ms`,
      verdict: verdict(many.streamsOverGap === 0),
      values: {
        maxGap: round(many.maxGap),
        oneMaxGap: round(one.maxGap),
        streamsOverGap: many.streamsOverGap,
        oneStreamsOverGap: one.streamsOverGap,
      },
    }),
  );
  if (instances > 1) {
    const intactRatio = ratio(many.intact, one.intact);
    const heldRatio = ratio(many.peakConcurrent, one.peakConcurrent);
    const openRatio = ratio(many.openRate, one.openRate);
    figures.push(
      figure('B3', {
        name: `per machine 1 → ${instances} processes`,
        text: `streams intact ${oneLabel}=${one.intact} ${manyLabel}=${many.intact} ratio=${intactRatio.toFixed(2)}x; held at once ${one.peakConcurrent} → ${many.peakConcurrent} ratio=${heldRatio.toFixed(2)}x; opened ${one.openRate.toFixed(0)}/s → ${many.openRate.toFixed(0)}/s ratio=${openRatio.toFixed(2)}x; cpu per stream (instances summed) ${ms(one.cpuMsPerStream)} → ${ms(many.cpuMsPerStream)}; ${sharing}`,
        verdict: 'INFO',
        values: {
          intactRatio: round(intactRatio, 2),
          heldAtOnceRatio: round(heldRatio, 2),
          openRateRatio: round(openRatio, 2),
          oneOpenPerSecond: round(one.openRate, 1),
          openPerSecond: round(many.openRate, 1),
          oneCpuMsPerStream: round(one.cpuMsPerStream),
          cpuMsPerStream: round(many.cpuMsPerStream),
          cores,
        },
      }),
    );
  }
  return { figures, perRound: results };
}

async function run(ctx: Context): Promise<BenchReport> {
  const { options } = ctx;
  const n = options.streams ?? (options.smoke ? 100 : 2000);
  const settings: Settings = {
    tokens: options.tokens ?? (options.smoke ? 16 : 64),
    pace: options.pace ?? (options.smoke ? 100 : 150),
    ramp: options.ramp ?? 1000,
    graceSeconds: options.grace ?? (options.smoke ? 60 : 300),
  };
  const { tokens, pace, ramp } = settings;
  const instances = options.instances;
  // Per machine, each order once by default: the ratio should not favour whichever ran second.
  const rounds = Math.max(1, options.rounds ?? (instances ? 2 : 1));
  const fd = openFileLimit();
  console.log(
    `B3 ${n} streams per side, ${tokens} tokens ${pace} ms apart, opened at ${ramp}/s, ${rounds} round(s), streams cut ${settings.graceSeconds} s after the last should have ended; open files ${fd.soft} (our server holds ~2 per stream: client + provider)`,
  );
  if (Number(fd.soft) < 2 * n + 1000) console.log(`B3 warning: the open-file limit ${fd.soft} is low for ${n} streams`);

  const phase = instances
    ? await perMachine(ctx, instances, n, settings, rounds)
    : await perProcess(ctx, n, settings, rounds);
  const strip = (r: SideResult) => ({
    ...r,
    gaps: roundSummary(summarize(r.gaps)),
    ttft: roundSummary(summarize(r.ttft)),
  });
  return {
    bench: instances ? 'b3-concurrent-streams-per-machine' : 'b3-concurrent-streams',
    title: instances
      ? `Concurrent streams held by 1 and ${instances} processes behind nginx`
      : 'Concurrent streams held by one process',
    figures: phase.figures,
    details: {
      streams: n,
      answer: { tokens, paceMs: pace },
      rampPerSecond: ramp,
      graceSeconds: settings.graceSeconds,
      rounds,
      ...(instances ? { instances, cores: availableParallelism() } : {}),
      database: options.postgres ? 'postgres' : 'pglite',
      openFiles: fd,
      perRound: Object.fromEntries(Object.entries(phase.perRound).map(([side, rs]) => [side, rs.map(strip)])),
    },
  };
}

export const b3ConcurrentStreams: Bench = {
  id: 'B3',
  name: 'concurrent-streams',
  aliases: ['b3', 'streams', 'concurrent-streams'],
  run,
};
