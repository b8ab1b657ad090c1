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
 * - time to first token of message N against message 10 (the budget's reading and counting).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPromptCache, openaiPromptTokens } from '@polymath/provider-fakes';
import { chatHeaders, clientId } from './lib/chat.ts';
import type { Bench, Context } from './lib/context.ts';
import { type BenchReport, type Figure, figure, verdict } from './lib/results.ts';
import { startOurServer } from './lib/server.ts';
import { createSession } from './lib/session.ts';
import { newAgent, stream } from './lib/sse.ts';
import { round } from './lib/stats.ts';

const MODEL = 'gpt-4o-mini';
const FLAT_RATIO = 1.2;

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
    env: { CHAT_HISTORY_TOKENS: String(historyTokens) },
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
      allTexts.push(text, result.tokens.join(''));
      // Folds run as jobs after a turn; a person takes longer than that to write the next message.
      for (let i = 0; i < 100 && ((await control('active')) as { active: number }).active > 0; i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      await new Promise((r) => setTimeout(r, 50));
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
