/**
 * B9: rendering a streamed 30 KB markdown answer (quality guide: "rendering a streamed 30 KB markdown
 * answer — baseline: plain-text append — no long task over 50 ms; input stays responsive").
 *
 * - Ours: the web app (apps/web/dist served by our server, a signed-in free user) on /web-main; the
 *   message `[[fake markdown=30000 pace=MS]]` is sent from the composer, so the stand-in streams a
 *   30 KB markdown answer (headings, lists, tables, code blocks) through the full chat path, and the
 *   app renders it as it arrives.
 * - Baseline: a bare page (no framework) that fetches the same stand-in stream (through a pipe in this
 *   process, same origin) and appends each token's text to a <pre>.
 *
 * While the answer streams, a key is typed into the page's textarea every TYPE_GAP_MS. The page's
 * probes (lib/app-page.ts) record the long tasks (over 50 ms) from the send to the rendered end, and
 * per key the time from the key event to the next frame after it. Ours and the baseline alternate.
 */
import { createServer, request, type Server } from 'node:http';
import { markdownAnswer } from '@polymath/provider-fakes';
import { type Browser, chromium, type Page } from 'playwright-core';
import { PROBES, type ProbeReadings, signedInContext } from './lib/app-page.ts';
import type { Bench, Context } from './lib/context.ts';
import { chatCompletionsBody } from './lib/fakes.ts';
import { type BenchReport, type Figure, figure, verdict } from './lib/results.ts';
import { type OurServer, startOurServer } from './lib/server.ts';
import { createSession, type Session } from './lib/session.ts';
import { ms, roundSummary, summarize } from './lib/stats.ts';
import { CHROMIUM, ensureWebBuild } from './lib/web.ts';

const ANSWER_BYTES = 30_000;
/** ms between two keys typed while the answer streams. */
const TYPE_GAP_MS = 60;
/** RAIL's budget for answering input: the key's effect is on screen within 100 ms. */
const KEY_P99_TARGET_MS = 100;
const LONG_TASK_MS = 50;

type Run = ProbeReadings & { side: 'ours' | 'baseline'; ms: number; complete: boolean; blocks?: Blocks };
type Blocks = { h2: number; tables: number; code: number };

/** The bare page: fetch the stream, append each token's text to a text node; a textarea to type in. */
const BARE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8"><title>Plain-text append</title></head>
<body><textarea id="chat-input" rows="2" cols="60"></textarea><pre id="answer" style="white-space:pre-wrap"></pre>
<script>
window.start = async () => {
  const node = document.createTextNode('');
  document.getElementById('answer').append(node);
  const res = await fetch('/stream', { method: 'POST' });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    const lines = buffered.split('\\n');
    buffered = lines.pop();
    for (const line of lines) {
      if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
      const text = JSON.parse(line.slice(6)).choices?.[0]?.delta?.content;
      if (text) node.appendData(text);
    }
  }
  window.done = true;
};
</script></body></html>`;

/** Serves the bare page and pipes POST /stream to the stand-in's chat completions with `message`. */
async function startBaseline(openaiBaseUrl: string, message: string): Promise<{ url: string; server: Server }> {
  const body = chatCompletionsBody(message);
  const target = new URL(`${openaiBaseUrl}/chat/completions`);
  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/stream') {
      const upstream = request(
        target,
        { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer fake' } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, { 'content-type': 'text/event-stream' });
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      upstream.end(body);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BARE_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, server };
}

/** Types a key into #chat-input every TYPE_GAP_MS until `done` resolves. */
async function typeWhile(page: Page, done: Promise<unknown>): Promise<void> {
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  await page.focus('#chat-input');
  while (!finished) {
    await page.keyboard.type('x');
    await new Promise((r) => setTimeout(r, TYPE_GAP_MS));
  }
}

async function runOurs(browser: Browser, server: OurServer, session: Session, message: string, last: string) {
  const context = await signedInContext(browser, server, session);
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/web-main`, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.fill('#chat-input', message);
    await page.evaluate(() => window.__bench.reset());
    const started = performance.now();
    await page.press('#chat-input', 'Enter');
    await page.waitForSelector('[data-role="assistant"]', { timeout: 60_000 });
    // Finished: the answer is no longer streaming (regenerate shows) and its last section is rendered.
    const done = page.waitForFunction(
      (text) => {
        const answer = document.querySelector('[data-role="assistant"]');
        return !!document.querySelector('[data-testid="chat-regenerate"]') && !!answer?.textContent?.includes(text);
      },
      last,
      { timeout: 300_000, polling: 100 },
    );
    await typeWhile(page, done);
    await done;
    const elapsed = performance.now() - started;
    await page.waitForTimeout(300);
    const readings = await page.evaluate(() => window.__bench.read());
    const blocks = await page.evaluate(() => {
      const answer = document.querySelector('[data-role="assistant"]');
      return {
        h2: answer?.querySelectorAll('h2').length ?? 0,
        tables: answer?.querySelectorAll('table').length ?? 0,
        code: answer?.querySelectorAll('pre code').length ?? 0,
      };
    });
    return { side: 'ours', ms: elapsed, complete: true, blocks, ...readings } satisfies Run;
  } finally {
    await context.close();
  }
}

async function runBaseline(browser: Browser, url: string, expected: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(PROBES);
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.evaluate(() => window.__bench.reset());
    const started = performance.now();
    await page.evaluate(() => {
      void (window as unknown as { start(): Promise<void> }).start();
    });
    const done = page.waitForFunction(() => (window as unknown as { done?: boolean }).done === true, undefined, {
      timeout: 300_000,
      polling: 100,
    });
    await typeWhile(page, done);
    await done;
    const elapsed = performance.now() - started;
    await page.waitForTimeout(300);
    const readings = await page.evaluate(() => window.__bench.read());
    const text = await page.textContent('#answer');
    return { side: 'baseline', ms: elapsed, complete: text === expected, ...readings } satisfies Run;
  } finally {
    await context.close();
  }
}

function longTaskLine(runs: Run[]): string {
  const tasks = runs.flatMap((r) => r.longTasks);
  const max = tasks.reduce((m, t) => Math.max(m, t.duration), 0);
  return `${tasks.length} (max ${ms(max)}, total ${ms(tasks.reduce((s, t) => s + t.duration, 0))})`;
}

async function run({ options, fakes }: Context): Promise<BenchReport> {
  const rounds = options.rounds ?? (options.smoke ? 1 : 3);
  const pace = options.pace ?? 2;
  const message = `[[fake markdown=${ANSWER_BYTES} pace=${pace}]]`;
  const expected = markdownAnswer(ANSWER_BYTES);
  const sections = (expected.match(/^## Section/gm) ?? []).length;
  const last = `closing section ${sections}:`;
  const web = ensureWebBuild('B9');
  if (web.stale) {
    console.log(
      'B9 note: apps/web/src changed after apps/web/dist was built; npm run build -w @polymath/web for current numbers',
    );
  }

  const server = await startOurServer({ openaiBaseUrl: fakes.openaiBaseUrl, postgresUrl: options.postgres });
  const baseline = await startBaseline(fakes.openaiBaseUrl, message);
  let browser: Browser | undefined;
  const runs: Run[] = [];
  try {
    const session = await createSession(server, 'b9');
    browser = await chromium.launch({ executablePath: CHROMIUM });
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? (['ours', 'baseline'] as const) : (['baseline', 'ours'] as const);
      for (const side of order) {
        const result =
          side === 'ours'
            ? await runOurs(browser, server, session, message, last)
            : await runBaseline(browser, baseline.url, expected);
        runs.push(result);
        const worst = result.longTasks.reduce((m, t) => Math.max(m, t.duration), 0);
        console.log(
          `B9 round ${round + 1} ${side}: ${ms(result.ms)}, ${result.longTasks.length} long tasks (max ${ms(worst)}), ` +
            `${result.keyLatencies.length} keys p99 ${ms(summarize(result.keyLatencies).p99)}${result.complete ? '' : ' INCOMPLETE'}`,
        );
      }
    }
  } finally {
    await browser?.close();
    await new Promise((resolve) => baseline.server.close(resolve));
    await server.stop();
  }

  const ours = runs.filter((r) => r.side === 'ours');
  const base = runs.filter((r) => r.side === 'baseline');
  const oursTasks = ours.flatMap((r) => r.longTasks).filter((t) => t.duration > LONG_TASK_MS);
  const baseTasks = base.flatMap((r) => r.longTasks).filter((t) => t.duration > LONG_TASK_MS);
  const oursKeys = summarize(ours.flatMap((r) => r.keyLatencies));
  const baseKeys = summarize(base.flatMap((r) => r.keyLatencies));
  const oursMs = summarize(ours.map((r) => r.ms));
  const baseMs = summarize(base.map((r) => r.ms));
  const figures: Figure[] = [];
  figures.push(
    figure('B9', {
      name: 'long tasks',
      text: `ours ${longTaskLine(ours)} baseline ${longTaskLine(base)} over ${rounds} answer(s) each`,
      target: `none over ${LONG_TASK_MS} ms`,
      // A baseline with as many long tasks as ours means the machine stalled, not the page.
      verdict: oursTasks.length === 0 ? 'PASS' : baseTasks.length >= oursTasks.length ? 'SKIP' : 'MISS',
      values: {
        ours: oursTasks.length,
        oursMaxMs: Math.max(0, ...oursTasks.map((t) => t.duration)),
        baseline: baseTasks.length,
        baselineMaxMs: Math.max(0, ...baseTasks.map((t) => t.duration)),
      },
    }),
  );
  figures.push(
    figure('B9', {
      name: 'typing latency',
      text:
        `ours p50 ${ms(oursKeys.p50)} p99 ${ms(oursKeys.p99)} max ${ms(oursKeys.max)} (${oursKeys.n} keys) ` +
        `baseline p50 ${ms(baseKeys.p50)} p99 ${ms(baseKeys.p99)} max ${ms(baseKeys.max)} (${baseKeys.n} keys)`,
      target: `p99 ≤ ${KEY_P99_TARGET_MS} ms`,
      verdict: oursKeys.n === 0 ? 'SKIP' : verdict(oursKeys.p99 <= KEY_P99_TARGET_MS),
      values: { oursP50: oursKeys.p50, oursP99: oursKeys.p99, baselineP50: baseKeys.p50, baselineP99: baseKeys.p99 },
    }),
  );
  figures.push(
    figure('B9', {
      name: 'answer on screen',
      text: `ours ${ms(oursMs.p50)} baseline ${ms(baseMs.p50)} (send to the last section rendered, p50; ${ratio(oursMs.p50, baseMs.p50)})`,
      verdict: 'INFO',
      values: { oursMs: oursMs.p50, baselineMs: baseMs.p50 },
    }),
  );
  const blocks = ours[ours.length - 1]?.blocks;
  const intact = ours.every(
    (r) => r.blocks && r.blocks.h2 === sections && r.blocks.tables === sections && r.blocks.code === sections,
  );
  figures.push(
    figure('B9', {
      name: 'answer rendered',
      text:
        `ours ${blocks?.h2 ?? 0} sections, ${blocks?.tables ?? 0} tables, ${blocks?.code ?? 0} code blocks ` +
        `(expected ${sections} each); baseline text ${base.every((r) => r.complete) ? 'complete' : 'INCOMPLETE'}`,
      verdict: intact && base.every((r) => r.complete) ? 'INFO' : 'MISS',
      values: { sections, intact },
    }),
  );
  return {
    bench: 'b9-markdown-stream',
    title: 'B9 rendering a streamed 30 KB markdown answer',
    figures,
    details: {
      rounds,
      paceMs: pace,
      answerBytes: Buffer.byteLength(expected),
      typeGapMs: TYPE_GAP_MS,
      web,
      ours: { ms: roundSummary(oursMs), keys: roundSummary(oursKeys), longTasks: ours.map((r) => r.longTasks) },
      baseline: { ms: roundSummary(baseMs), keys: roundSummary(baseKeys), longTasks: base.map((r) => r.longTasks) },
    },
  };
}

function ratio(a: number, b: number): string {
  return b > 0 ? `×${(a / b).toFixed(2)}` : 'n/a';
}

export const b9MarkdownStream: Bench = {
  id: 'B9',
  name: 'streamed markdown answer',
  aliases: ['b9', 'markdown-stream', 'markdown'],
  run,
};
