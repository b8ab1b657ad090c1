/**
 * B14: what message N of a long chat sends and costs (issue 30, decisions 027–029).
 *
 * One chat through our server (`POST /api/chat`, the OpenAI stand-in answering), one turn after the
 * other as a person writes: a question of ~40 tokens, an answer of `--tokens` (default 300). At
 * N = 10, 100 and 500 messages (smoke: 10, 50, 100, with a smaller history cap so the budget is
 * reached as early), the request the answer took is counted as the provider counts it (the stand-in's
 * o200k count, `openaiPromptTokens`) and its prompt-cache hit replayed with the stand-in's own cache
 * rules over every request of the chat in order. Costs use the catalogue's gpt-4o-mini prices.
 *
 * Figures:
 * - input tokens of message N; target: flat once the budget is reached, N=500 within 1.2× of N=100
 *   (and the same over the mean of the 5 answers up to N, which one fold's timing moves less);
 * - the baseline in the same run: the whole history, as the chat sent it before this work;
 * - the cost of the 500th answer against the 10th, with and without the provider's cache;
 * - the summaries' cost over the chat (the small model's calls), per message;
 * - time to first token of message N against message 10 (the budget's reading and counting);
 * - the time building the turn's context takes (summary, newest messages, counts) at N against
 *   message 10, p50 over the 5 answers up to each, as the server itself times it
 *   (polymath_chat_turn_context_seconds: each turn's sum and count read from /metrics), set against
 *   B1's target (≤ 1 ms added p50): what a long chat adds to the path B1 measures.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPromptCache, openaiPromptTokens } from '@polymath/provider-fakes';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { messages, threadSummaries, threads, users } from '../apps/server/src/db/schema/index.ts';
import { measureMessage } from '../apps/server/src/features/chat/message-content.ts';
import { tokenizerReady } from '../apps/server/src/features/chat/token-count.ts';
import { buildTurnContext } from '../apps/server/src/features/chat/turn-context.ts';
import type { FileStore } from '../apps/server/src/lib/storage/file-store.ts';
import { chatHeaders, clientId } from './lib/chat.ts';
import type { Bench, Context } from './lib/context.ts';
import { type BenchReport, type Figure, figure, verdict } from './lib/results.ts';
import { startOurServer } from './lib/server.ts';
import { createSession } from './lib/session.ts';
import { newAgent, stream } from './lib/sse.ts';
import { round } from './lib/stats.ts';

const MODEL = 'gpt-4o-mini';
const FLAT_RATIO = 1.2;
/** B1's target: what our path may add to the time to first token, p50 (../shared/guide/quality.md). */
const B1_ADDED_MS = 1;
const METRICS_TOKEN = 'b14-metrics-token-0123456789';
const CONTEXT_METRIC = 'polymath_chat_turn_context_seconds';

async function scrape(url: string): Promise<string[]> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!res.ok) throw new Error(`/metrics answered ${res.status}`);
  return (await res.text()).split('\n');
}

/** A sample's value: the first line of `name` carrying every label given. */
function sample(lines: string[], name: string, labels: string[]): number {
  const line = lines.find((l) => l.startsWith(`${name}{`) && labels.every((label) => l.includes(label)));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

/** The server's running sum (seconds) and count of context builds for the model, from /metrics. */
async function contextTimings(url: string): Promise<{ sum: number; count: number }> {
  const lines = await scrape(url);
  const model = `model="${MODEL}"`;
  return {
    sum: sample(lines, `${CONTEXT_METRIC}_sum`, [model]),
    count: sample(lines, `${CONTEXT_METRIC}_count`, [model]),
  };
}

/** Whether the server has a fold of earlier messages waiting or running (its job queue, read by /metrics). */
async function foldPending(url: string): Promise<boolean> {
  const lines = await scrape(url);
  const queue = 'queue="thread-summary"';
  return sample(lines, 'polymath_jobs_waiting', [queue]) + sample(lines, 'polymath_jobs_running', [queue]) > 0;
}

function p50(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

type Prices = { input: number; cachedInput: number; output: number };
type Recorded = { provider: string; path: string; body: Record<string, unknown> | null };

function catalogPrices(): Prices {
  const file = join(import.meta.dirname, '../apps/server/config/models.json');
  const catalogue = JSON.parse(readFileSync(file, 'utf8')) as {
    models: { id: string; pricePerMillion: Prices & { cachedInput?: number } }[];
  };
  const entry = catalogue.models.find((m) => m.id === MODEL);
  if (!entry) throw new Error(`${MODEL} is not in the catalogue`);
  const p = entry.pricePerMillion;
  return { input: p.input, cachedInput: p.cachedInput ?? p.input, output: p.output };
}

/** US dollars of one answer: with the cache, cached input at its price; without, every input token at full price. */
function cost(prices: Prices, input: number, cached: number, output: number, withCache: boolean): number {
  const hit = withCache ? cached : 0;
  return ((input - hit) * prices.input + hit * prices.cachedInput + output * prices.output) / 1e6;
}

/**
 * The context build alone, in this process, on threads as the chat leaves them: N messages with
 * their sizes stored (as each settled turn stores them), the newest a question; at N above the
 * history cap a summary covering all but the newest `tail` messages (a fold's low water). Builds
 * alternate between the threads, `rounds` times after a warm-up; the times are each build's.
 */
async function contextBuildInProcess(options: {
  postgres?: string | undefined;
  points: number[];
  tail: number;
  historyTokens: number;
  answer: string;
  rounds: number;
}): Promise<Map<number, number[]>> {
  await tokenizerReady;
  const dir = mkdtempSync(join(tmpdir(), 'b14-context-'));
  const database = await openDatabase({ url: options.postgres, dataDir: join(dir, 'pglite') });
  const times = new Map<number, number[]>();
  try {
    await database.migrate();
    const { db } = database;
    const userId = `b14-${randomBytes(6).toString('hex')}`;
    await db
      .insert(users)
      .values({ id: userId, name: 'Bench Person', email: `${userId}@example.com`, emailVerified: true });
    const threadOf = new Map<number, string>();
    for (const n of options.points) {
      const threadId = `b14-${n}-${randomBytes(4).toString('hex')}`;
      await db
        .insert(threads)
        .values({ id: threadId, userId, toolId: 'web-main', title: 'A long chat', modelId: MODEL });
      const rows = Array.from({ length: n }, (_, i) => {
        const role = i % 2 === 0 ? 'user' : 'assistant';
        const text = role === 'user' ? `Question ${i / 2 + 1}: ${QUESTION}?` : options.answer;
        const parts = [{ type: 'text' as const, text }];
        const size = measureMessage(role, parts);
        return {
          id: `${threadId}-m${i}`,
          threadId,
          userId,
          role,
          parts,
          text,
          contextTokens: size.tokens,
          contextEstimate: size.estimate,
        };
      });
      const inserted = await db.insert(messages).values(rows).returning({ id: messages.id, seq: messages.seq });
      const through = n > options.tail ? inserted[n - options.tail - 1] : undefined;
      if (through) {
        const text = `The person asked about an old harbour: ${'its trade, its ships and the town around it. '.repeat(60)}`;
        const size = measureMessage('assistant', [{ type: 'text', text }]);
        await db.insert(threadSummaries).values({
          threadId,
          userId,
          throughSeq: through.seq,
          throughMessageId: through.id,
          text,
          kind: 'model',
          modelId: 'gpt-4o-mini',
          contextTokens: size.tokens,
          contextEstimate: size.estimate,
          folds: Math.floor((n - options.tail) / 40),
        });
      }
      threadOf.set(n, threadId);
      times.set(n, []);
    }
    const model = {
      contextTokens: 128_000,
      maxOutputTokens: 16_384,
      tokenizer: 'o200k' as const,
      capabilities: { vision: true, reasoning: false },
    };
    const files = {} as FileStore;
    const system = 'You are a helpful assistant. '.repeat(20);
    const warmUp = options.rounds;
    for (let round = 0; round < warmUp + options.rounds; round++) {
      for (const n of options.points) {
        const started = performance.now();
        await buildTurnContext(db, files, {
          userId,
          threadId: threadOf.get(n) ?? '',
          answerId: `answer-${round}`,
          model,
          historyTokens: options.historyTokens,
          system,
          functions: 0,
        });
        if (round >= warmUp) times.get(n)?.push(performance.now() - started);
      }
    }
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return times;
}

const QUESTION =
  'and what did the harbour trade, who sailed from it, and how did the town around it change over the years';

async function run(ctx: Context): Promise<BenchReport> {
  const { options, fakes } = ctx;
  const smoke = options.smoke;
  const points = smoke ? [10, 50, 100] : [10, 100, 500];
  const answerTokens = options.tokens ?? 300;
  const historyTokens = smoke ? 4_000 : 16_000;
  const prices = catalogPrices();
  const server = await startOurServer({
    openaiBaseUrl: fakes.openaiBaseUrl,
    postgresUrl: options.postgres,
    env: { CHAT_HISTORY_TOKENS: String(historyTokens), METRICS_TOKEN },
  });
  const figures: Figure[] = [];
  try {
    const session = await createSession(server, 'b14');
    const agent = newAgent();
    const threadId = clientId('b14');
    const cache = createPromptCache();
    const control = async (path: string) => (await fetch(`${fakes.url}/__control/${path}`)).json();
    const turns = (points[points.length - 1] ?? 0) / 2;
    const seen = new Set<string>();
    const samples: { n: number; input: number; cached: number; ttft: number }[] = [];
    const summaries: { input: number; output: number }[] = [];
    const allTexts: string[] = [];
    /** The input (and its cached part) of each answer among the 5 up to each point. */
    const recentInputs = new Map<number, { input: number; cached: number }[]>();
    let lastCached = 0;
    /** Each turn's context build (ms), as the server timed it. */
    const contextMs: number[] = [];
    let timings = await contextTimings(server.url);
    for (let turn = 1; turn <= turns; turn++) {
      const text = `Question ${turn}: ${QUESTION}? [[fake tokens=${answerTokens} pace=0]]`;
      const result = await stream({
        url: `${server.url}/api/chat`,
        agent,
        wire: 'ui',
        method: 'POST',
        headers: chatHeaders(server, session),
        body: JSON.stringify({
          trigger: 'submit-message',
          threadId,
          toolId: 'web-main',
          modelId: MODEL,
          message: { id: clientId('b14m'), role: 'user', parts: [{ type: 'text', text }] },
        }),
      });
      if (result.error || !result.finished) throw new Error(`turn ${turn} failed: ${result.error ?? 'no finish'}`);
      const now = await contextTimings(server.url);
      if (now.count !== timings.count + 1) throw new Error(`turn ${turn}: ${now.count - timings.count} context builds`);
      contextMs.push((now.sum - timings.sum) * 1000);
      timings = now;
      allTexts.push(text, result.tokens.join(''));
      // Folds run as jobs after a turn; a person takes longer than that to write the next message.
      for (let i = 0; i < 100 && ((await control('active')) as { active: number }).active > 0; i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      await new Promise((r) => setTimeout(r, 50));
      // …and the fold's job has finished on the server (its queue empty), so no turn is timed beside it.
      for (let i = 0; i < 250 && (await foldPending(server.url)); i++) await new Promise((r) => setTimeout(r, 20));
      const recorded = (await control('requests')) as (Recorded & { at: number })[];
      let chatBody: Record<string, unknown> | undefined;
      for (const r of recorded) {
        const key = `${r.at}:${JSON.stringify(r.body).length}`;
        if (seen.has(key) || r.provider !== 'openai' || !r.body) continue;
        seen.add(key);
        if (r.body.stream === true) chatBody = r.body;
        else summaries.push({ input: openaiPromptTokens(r.body), output: 12 });
        const measured = cache.measure(String(r.body.model), r.body);
        measured.remember();
        if (r.body.stream === true) lastCached = measured.cached;
        if (r.body.stream === true && points.includes(turn * 2)) {
          samples.push({
            n: turn * 2,
            input: measured.tokens,
            cached: measured.cached,
            ttft: result.firstTokenAt - result.sentAt,
          });
        }
      }
      if (!chatBody) throw new Error(`turn ${turn}: the stand-in recorded no chat request`);
      // The 5 answers up to each point.
      for (const n of points) {
        if (turn * 2 <= n && turn * 2 > n - 10) {
          recentInputs.set(n, [
            ...(recentInputs.get(n) ?? []),
            { input: openaiPromptTokens(chatBody), cached: lastCached },
          ]);
        }
      }
    }
    const at = (n: number) => samples.find((s) => s.n === n);
    const mean = (n: number) => {
      const list = recentInputs.get(n) ?? [];
      return list.reduce((a, b) => a + b.input, 0) / Math.max(1, list.length);
    };
    /** The mean cost of the 5 answers up to N. */
    const meanCost = (n: number, withCache: boolean) => {
      const list = recentInputs.get(n) ?? [];
      const total = list.reduce((a, b) => a + cost(prices, b.input, b.cached, answerTokens, withCache), 0);
      return total / Math.max(1, list.length);
    };
    const [n10, nMid, nLast] = points as [number, number, number];
    const s10 = at(n10);
    const sMid = at(nMid);
    const sLast = at(nLast);
    if (!s10 || !sMid || !sLast) throw new Error('missing samples');
    for (const s of [s10, sMid, sLast]) {
      figures.push(
        figure('B14', {
          name: `input tokens at N=${s.n}`,
          text: `sent=${s.input} cached=${s.cached} mean-of-5=${round(mean(s.n), 0)}`,
          verdict: 'INFO',
          values: { n: s.n, input: s.input, cached: s.cached, meanOf5: round(mean(s.n), 1) },
        }),
      );
    }
    const ratio = sLast.input / sMid.input;
    const meanRatio = mean(nLast) / mean(nMid);
    figures.push(
      figure('B14', {
        name: `flat N=${nLast} vs N=${nMid}`,
        text: `ratio=${round(ratio, 2)}x mean-of-5 ratio=${round(meanRatio, 2)}x`,
        target: `≤${FLAT_RATIO}x`,
        verdict: verdict(ratio <= FLAT_RATIO),
        values: { ratio: round(ratio, 3), meanRatio: round(meanRatio, 3) },
      }),
    );
    // The baseline: message N sent with the whole history (every turn's question and answer), as before.
    const whole = openaiPromptTokens({
      messages: [
        { role: 'system', content: 'x'.repeat(200) },
        ...allTexts.map((content, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', content })),
      ],
    });
    figures.push(
      figure('B14', {
        name: `whole history at N=${nLast} (before the budget)`,
        text: `sent=${whole} ours=${sLast.input} saved=${round(whole / sLast.input, 1)}x`,
        verdict: 'INFO',
        values: { whole, ours: sLast.input },
      }),
    );
    const c = (s: { input: number; cached: number }, withCache: boolean) =>
      cost(prices, s.input, s.cached, answerTokens, withCache);
    figures.push(
      figure('B14', {
        name: `cost of answer ${nLast} vs ${n10}`,
        text:
          `no-cache=$${c(sLast, false).toFixed(6)} vs $${c(s10, false).toFixed(6)} (${round(c(sLast, false) / c(s10, false), 2)}x); ` +
          `cache=$${c(sLast, true).toFixed(6)} vs $${c(s10, true).toFixed(6)} (${round(c(sLast, true) / c(s10, true), 2)}x); ` +
          `mean-of-5 with cache ${round(meanCost(nLast, true) / meanCost(n10, true), 2)}x; ` +
          `whole-history=$${cost(prices, whole, 0, answerTokens, false).toFixed(6)}`,
        verdict: 'INFO',
        values: {
          meanOf5LastCache: meanCost(nLast, true),
          meanOf5FirstCache: meanCost(n10, true),
          lastNoCache: c(sLast, false),
          firstNoCache: c(s10, false),
          lastCache: c(sLast, true),
          firstCache: c(s10, true),
          wholeHistory: cost(prices, whole, 0, answerTokens, false),
        },
      }),
    );
    const summaryCost = summaries.reduce((sum, s) => sum + cost(prices, s.input, 0, s.output, false), 0);
    figures.push(
      figure('B14', {
        name: 'summaries',
        text: `calls=${summaries.length} cost=$${summaryCost.toFixed(6)} per-message=$${(summaryCost / (turns * 2)).toFixed(7)}`,
        verdict: 'INFO',
        values: { calls: summaries.length, cost: summaryCost },
      }),
    );
    figures.push(
      figure('B14', {
        name: `ttft at N=${nLast} vs N=${n10}`,
        text: `${round(sLast.ttft, 2)}ms vs ${round(s10.ttft, 2)}ms (single samples; B1 measures the path)`,
        verdict: 'INFO',
        values: { last: sLast.ttft, first: s10.ttft },
      }),
    );
    // The 5 answers up to each point (turn t builds message 2t); not the first turn, which reads no
    // history (the thread is new) and runs the path cold.
    const contextAt = (n: number) => contextMs.slice(Math.max(1, n / 2 - 5), n / 2);
    const build10 = p50(contextAt(n10));
    const buildLast = p50(contextAt(nLast));
    const added = buildLast - build10;
    figures.push(
      figure('B14', {
        name: `context build at N=${nLast} vs N=${n10}`,
        text:
          `p50 ${round(buildLast, 3)}ms vs ${round(build10, 3)}ms (${contextAt(nLast).length} and ${contextAt(n10).length} turns): ` +
          `added=${round(added, 3)}ms against B1's ≤${B1_ADDED_MS}ms p50; ` +
          `min ${round(Math.min(...contextAt(nLast)), 3)}ms vs ${round(Math.min(...contextAt(n10)), 3)}ms`,
        target: `≤${B1_ADDED_MS}ms added p50`,
        verdict: verdict(added <= B1_ADDED_MS),
        values: {
          p50Last: round(buildLast, 4),
          p50First: round(build10, 4),
          added: round(added, 4),
          last: contextAt(nLast)
            .map((v) => round(v, 4))
            .join(' '),
          first: contextAt(n10)
            .map((v) => round(v, 4))
            .join(' '),
        },
      }),
    );
    // The same build in this process, many times over, on threads shaped as the chat left them.
    const rounds = smoke ? 10 : 40;
    const lastAnswer = allTexts[allTexts.length - 1] ?? '';
    const inProcess = await contextBuildInProcess({
      postgres: options.postgres,
      points: [n10, nMid, nLast],
      tail: 80,
      historyTokens,
      answer: lastAnswer,
      rounds,
    });
    const alone10 = p50(inProcess.get(n10) ?? []);
    const aloneLast = p50(inProcess.get(nLast) ?? []);
    const aloneMid = p50(inProcess.get(nMid) ?? []);
    figures.push(
      figure('B14', {
        name: `context build alone at N=${nLast} vs N=${n10}`,
        text:
          `p50 ${round(aloneLast, 3)}ms vs ${round(alone10, 3)}ms (${rounds} builds each, in process): ` +
          `added=${round(aloneLast - alone10, 3)}ms against B1's ≤${B1_ADDED_MS}ms p50; N=${nMid} p50 ${round(aloneMid, 3)}ms`,
        target: `≤${B1_ADDED_MS}ms added p50`,
        verdict: verdict(aloneLast - alone10 <= B1_ADDED_MS),
        values: {
          p50Last: round(aloneLast, 4),
          p50Mid: round(aloneMid, 4),
          p50First: round(alone10, 4),
          added: round(aloneLast - alone10, 4),
        },
      }),
    );
    return {
      bench: 'b14-long-chat-cost',
      title: 'Input tokens and cost of message N of a long chat, with and without the prompt cache',
      figures,
      details: { points, answerTokens, historyTokens, samples, summaries: summaries.length, prices },
    };
  } finally {
    await server.stop();
  }
}

export const b14LongChatCost: Bench = {
  id: 'B14',
  name: 'long-chat cost (input tokens and cost of message N)',
  aliases: ['b14', 'long-chat-cost', 'cost'],
  run,
};
