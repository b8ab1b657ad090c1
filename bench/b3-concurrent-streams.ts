/**
 * B3: concurrent streams held by one process. N streams are opened (ramped at --ramp per second)
 * through our server, whose answers come from the provider stand-in in another process, and through a
 * bare node:http SSE fan-out server (one timer per stream, the same tokens at the same cadence). For
 * each we check every stream got every token once and in order, measure the gaps between tokens, and
 * sample the server process's RSS (/proc/<pid>/status) before and during the run: memory per stream is
 * (peak RSS − RSS before) ÷ N. Fresh servers every round; the two sides alternate which goes first.
 */

import { loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { defaultAnswerTokens } from '@polymath/provider-fakes';
import { chatBody, chatHeaders, directive } from './lib/chat.ts';
import type { Bench, Context } from './lib/context.ts';
import { cpuMs, openFileLimit, rssBytes, startChild } from './lib/procs.ts';
import { type BenchReport, type Figure, figure, type Verdict, verdict } from './lib/results.ts';
import { startOurServer } from './lib/server.ts';
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
  side: Side;
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
  side: Side,
  pid: number,
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
  const rssBefore = rssBytes(pid);
  const cpuBefore = cpuMs(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssBytes(pid));
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
  result.cpuMs = cpuMs(pid) - cpuBefore;
  result.clientLoopDelayMaxMs = loop.max / 1e6;
  result.clientLoopDelayP99Ms = loop.percentile(99) / 1e6;
  result.load[1] = loadavg()[0] ?? 0;
  return result;
}

type Settings = { ramp: number; tokens: number; pace: number; graceSeconds: number };

async function runOurs(ctx: Context, n: number, settings: Settings): Promise<SideResult> {
  const server = await startOurServer({ openaiBaseUrl: ctx.fakes.openaiBaseUrl, postgresUrl: ctx.options.postgres });
  try {
    const sessions: Session[] = [];
    for (let u = 0; u < Math.ceil(n / STREAMS_PER_USER); u++) sessions.push(await createSession(server, `b3u${u}`));
    const request = (i: number, text: string) => ({
      url: `${server.url}/api/chat`,
      headers: chatHeaders(server, sessions[i % sessions.length] as Session),
      body: chatBody(text),
    });
    // Warm-up: a few short answers.
    const warm = newAgent();
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => stream({ ...request(i, directive(4, 5)), agent: warm, wire: 'ui' })),
    );
    warm.destroy();
    const text = directive(settings.tokens, settings.pace);
    const result = await measure('ours', server.pid, n, settings, (i) => request(i, text));
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
    return await measure('bare', bare.pid, n, settings, () => request(settings.tokens, settings.pace));
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
  const rounds = Math.max(1, options.rounds ?? 1);
  const fd = openFileLimit();
  console.log(
    `B3 ${n} streams per side, ${tokens} tokens ${pace} ms apart, opened at ${ramp}/s, ${rounds} round(s), streams cut ${settings.graceSeconds} s after the last should have ended; open files ${fd.soft} (our server holds ~2 per stream: client + provider)`,
  );
  if (Number(fd.soft) < 2 * n + 1000) console.log(`B3 warning: the open-file limit ${fd.soft} is low for ${n} streams`);

  const results: Record<Side, SideResult[]> = { ours: [], bare: [] };
  for (let r = 0; r < rounds; r++) {
    const order: Side[] = r % 2 === 0 ? ['bare', 'ours'] : ['ours', 'bare'];
    for (const side of order) {
      const result = side === 'ours' ? await runOurs(ctx, n, settings) : await runBare(n, settings);
      results[side].push(result);
      console.log(
        `B3 round ${r + 1} ${side}: ${result.intact}/${result.streams} intact (${result.failed} failed, ${result.cut} cut), peak ${result.peakConcurrent} open, opened ${result.openRate.toFixed(0)}/s, max gap ${ms(result.maxGap)} at ${result.maxGapAt.toFixed(1)} s (ramp ${result.rampSeconds.toFixed(1)} s), RSS ${mb(result.rssBefore)} → ${mb(result.rssPeak)}, ${result.seconds.toFixed(1)} s, load ${result.load[0].toFixed(1)} → ${result.load[1].toFixed(1)}`,
      );
      for (const e of new Set(result.errors)) console.log(`B3   ${side} error: ${e}`);
      for (const [msg, count] of Object.entries(result.serverWarnings ?? {})) {
        console.log(`B3   ${side} server logged ${count}× ${msg}`);
      }
    }
  }
  const ours = pooled(results.ours);
  const bare = pooled(results.bare);

  const figures: Figure[] = [];
  const noLoss = ours.failed === 0 && ours.cut === 0 && ours.lostTokens === 0 && ours.mismatched === 0;
  const heldAll = ours.peakConcurrent >= n;
  const countVerdict: Verdict = !noLoss || !heldAll ? 'MISS' : n >= TARGET_STREAMS ? 'PASS' : 'SKIP';
  figures.push(
    figure('B3', {
      name: 'streams intact',
      text: `ours=${ours.intact}/${ours.streams} (failed ${ours.failed}, cut ${ours.cut}, lost tokens ${ours.lostTokens}, out of order ${ours.mismatched}, peak open ${ours.peakConcurrent}) bare=${bare.intact}/${bare.streams} (failed ${bare.failed}, cut ${bare.cut}, lost tokens ${bare.lostTokens}, peak open ${bare.peakConcurrent})${n < TARGET_STREAMS ? ` [N=${n} is below the target: --streams ${TARGET_STREAMS}]` : ''}`,
      target: `≥${TARGET_STREAMS} held at once, no lost frame`,
      verdict: countVerdict,
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

  const strip = (r: SideResult) => ({
    ...r,
    gaps: roundSummary(summarize(r.gaps)),
    ttft: roundSummary(summarize(r.ttft)),
  });
  return {
    bench: 'b3-concurrent-streams',
    title: 'Concurrent streams held by one process',
    figures,
    details: {
      streams: n,
      answer: { tokens, paceMs: pace },
      rampPerSecond: ramp,
      graceSeconds: settings.graceSeconds,
      rounds,
      database: options.postgres ? 'postgres' : 'pglite',
      openFiles: fd,
      perRound: { ours: results.ours.map(strip), bare: results.bare.map(strip) },
    },
  };
}

export const b3ConcurrentStreams: Bench = {
  id: 'B3',
  name: 'concurrent-streams',
  aliases: ['b3', 'streams', 'concurrent-streams'],
  run,
};
