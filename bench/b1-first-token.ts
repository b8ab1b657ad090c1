/**
 * B1: time to first token added by our full chat path (session cookie check, plan and credit
 * reservation, the thread claim, the user message and the streaming answer row written, the
 * resumable relay) against (a) the provider stand-in called directly and (b) a bare node:http pipe
 * proxy in front of it. One stream at a time; the three paths alternate, each going first in turn.
 */
import { chatBody, chatHeaders, directive } from './lib/chat.ts';
import type { Bench, Context } from './lib/context.ts';
import { chatCompletionsBody } from './lib/fakes.ts';
import { startChild } from './lib/procs.ts';
import { type BenchReport, type Figure, figure, verdict } from './lib/results.ts';
import { startOurServer } from './lib/server.ts';
import { createSession } from './lib/session.ts';
import { newAgent, type StreamResult, stream } from './lib/sse.ts';
import { ms, round, roundSummary, summarize } from './lib/stats.ts';

const PATHS = ['ours', 'direct', 'pipe'] as const;
type Path = (typeof PATHS)[number];

/** A short answer whose first token follows the headers as soon as the stand-in's timer allows. */
const TOKENS = 4;
const PACE_MS = 0;

async function run({ options, fakes }: Context): Promise<BenchReport> {
  const requests = options.requests ?? (options.smoke ? 10 : 200);
  const warmup = options.smoke ? 3 : 20;
  const server = await startOurServer({ openaiBaseUrl: fakes.openaiBaseUrl, postgresUrl: options.postgres });
  const proxy = startChild('pipe proxy', 'bench/lib/pipe-proxy.ts', { TARGET: fakes.url, PORT: '0' });
  try {
    const [, proxyUrl] = await proxy.waitFor(/listening on (http:\/\/\S+)/);
    const session = await createSession(server, 'b1');
    const text = directive(TOKENS, PACE_MS);
    const agents = { ours: newAgent(), direct: newAgent(), pipe: newAgent() };
    const openaiHeaders = { 'content-type': 'application/json', authorization: 'Bearer fake' };
    const send: Record<Path, () => Promise<StreamResult>> = {
      ours: () =>
        stream({
          url: `${server.url}/api/chat`,
          agent: agents.ours,
          wire: 'ui',
          headers: chatHeaders(server, session),
          body: chatBody(text),
        }),
      direct: () =>
        stream({
          url: `${fakes.openaiBaseUrl}/chat/completions`,
          agent: agents.direct,
          wire: 'openai',
          headers: openaiHeaders,
          body: chatCompletionsBody(text),
        }),
      pipe: () =>
        stream({
          url: `${proxyUrl}/openai/v1/chat/completions`,
          agent: agents.pipe,
          wire: 'openai',
          headers: openaiHeaders,
          body: chatCompletionsBody(text),
        }),
    };

    const ttft: Record<Path, number[]> = { ours: [], direct: [], pipe: [] };
    const total: Record<Path, number[]> = { ours: [], direct: [], pipe: [] };
    /** Time to the response headers, and from them to the first token. */
    const headers: Record<Path, number[]> = { ours: [], direct: [], pipe: [] };
    const afterHeaders: Record<Path, number[]> = { ours: [], direct: [], pipe: [] };
    const errors: Record<Path, string[]> = { ours: [], direct: [], pipe: [] };
    for (let i = 0; i < warmup + requests; i++) {
      // A B C, B C A, C A B …: every path goes first as often as the others.
      const order = PATHS.map((_, k) => PATHS[(i + k) % PATHS.length] as Path);
      for (const path of order) {
        const r = await send[path]();
        const ok = r.status === 200 && !r.error && r.finished && r.count === TOKENS;
        if (!ok) {
          errors[path].push(r.error ?? `status ${r.status}, ${r.count} tokens, finished=${r.finished}`);
          continue;
        }
        if (i < warmup) continue;
        ttft[path].push(r.firstTokenAt - r.sentAt);
        total[path].push(r.endAt - r.sentAt);
        headers[path].push(r.headersAt - r.sentAt);
        afterHeaders[path].push(r.firstTokenAt - r.headersAt);
      }
    }
    for (const a of Object.values(agents)) a.destroy();

    const s = { ours: summarize(ttft.ours), direct: summarize(ttft.direct), pipe: summarize(ttft.pipe) };
    const figures: Figure[] = [];
    for (const p of ['p50', 'p90', 'p99'] as const) {
      const added = s.ours[p] - s.direct[p];
      const pipeAdded = s.pipe[p] - s.direct[p];
      const limit = p === 'p50' ? 1 : p === 'p99' ? 5 : undefined;
      const ratio = added / pipeAdded;
      figures.push(
        figure('B1', {
          name: `ttft ${p}`,
          text: `ours=${ms(s.ours[p])} direct=${ms(s.direct[p])} pipe=${ms(s.pipe[p])} added=${ms(added)} pipe-added=${ms(pipeAdded)} ratio=${Number.isFinite(ratio) && pipeAdded > 0 ? `${ratio.toFixed(1)}x` : 'n/a'}`,
          ...(limit !== undefined && { target: `≤${limit}ms added` }),
          verdict: limit === undefined ? 'INFO' : verdict(added <= limit),
          values: {
            ours: round(s.ours[p]),
            direct: round(s.direct[p]),
            pipe: round(s.pipe[p]),
            added: round(added),
            pipeAdded: round(pipeAdded),
          },
        }),
      );
    }
    const added50 = s.ours.p50 - s.direct.p50;
    const pipe50 = s.pipe.p50 - s.direct.p50;
    // A pipe that adds nothing measurable (≤ 0) cannot be divided by: compare with a 0.05 ms floor.
    const ratio = added50 / Math.max(pipe50, 0.05);
    figures.push(
      figure('B1', {
        name: 'overhead vs pipe p50',
        text: `ours-added=${ms(added50)} pipe-added=${ms(pipe50)} ratio=${ratio.toFixed(1)}x`,
        target: '≤4x the pipe',
        verdict: verdict(ratio <= 4),
        values: { added: round(added50), pipeAdded: round(pipe50), ratio: round(ratio, 2) },
      }),
    );
    // Where ours spends it: our server answers with headers only once the turn is written (auth, plan,
    // credit, thread, messages) and calls the provider after that; the rest is the relay.
    const h = { ours: summarize(headers.ours), direct: summarize(headers.direct) };
    const a = { ours: summarize(afterHeaders.ours), direct: summarize(afterHeaders.direct) };
    figures.push(
      figure('B1', {
        name: 'split p50',
        text: `to headers ours=${ms(h.ours.p50)} direct=${ms(h.direct.p50)}; headers to first token ours=${ms(a.ours.p50)} direct=${ms(a.direct.p50)}`,
        verdict: 'INFO',
        values: {
          oursHeaders: round(h.ours.p50),
          directHeaders: round(h.direct.p50),
          oursAfterHeaders: round(a.ours.p50),
          directAfterHeaders: round(a.direct.p50),
        },
      }),
    );
    const errorCounts = { ours: errors.ours.length, direct: errors.direct.length, pipe: errors.pipe.length };
    figures.push(
      figure('B1', {
        name: 'failed requests',
        text: `ours=${errorCounts.ours} direct=${errorCounts.direct} pipe=${errorCounts.pipe} of ${warmup + requests} each`,
        verdict: 'INFO',
        values: errorCounts,
      }),
    );
    return {
      bench: 'b1-first-token',
      title: 'Time to first token added by our chat path',
      figures,
      details: {
        requestsPerPath: requests,
        warmupPerPath: warmup,
        answer: { tokens: TOKENS, paceMs: PACE_MS },
        database: server.database,
        ttftMs: { ours: roundSummary(s.ours), direct: roundSummary(s.direct), pipe: roundSummary(s.pipe) },
        totalMs: {
          ours: roundSummary(summarize(total.ours)),
          direct: roundSummary(summarize(total.direct)),
          pipe: roundSummary(summarize(total.pipe)),
        },
        headersMs: {
          ours: roundSummary(h.ours),
          direct: roundSummary(h.direct),
          pipe: roundSummary(summarize(headers.pipe)),
        },
        headersToFirstTokenMs: {
          ours: roundSummary(a.ours),
          direct: roundSummary(a.direct),
          pipe: roundSummary(summarize(afterHeaders.pipe)),
        },
        errors: { ours: errors.ours.slice(0, 10), direct: errors.direct.slice(0, 10), pipe: errors.pipe.slice(0, 10) },
      },
    };
  } finally {
    await proxy.stop();
    await server.stop();
  }
}

export const b1FirstToken: Bench = { id: 'B1', name: 'first-token', aliases: ['b1', 'ttft', 'first-token'], run };
