/**
 * B10: a 2,000-message chat (quality guide: "a 2,000-message chat — baseline: the same app with 20
 * messages — ≤ 1,400 DOM nodes; open time within 1.5×").
 *
 * Two AI Chat threads of one signed-in user are written straight into our server's database
 * (lib/seed-chat.ts: PGlite while the server is stopped, same DATA_DIR; or --postgres): 2,000 and 20
 * messages, alternating a question and a markdown answer. In Chromium the app is on /web-main (a new
 * chat), then the thread is opened in the app (its link in the history sidebar, as a person would),
 * long and short alternating. Open time = from the click to the thread's last message on screen at
 * the bottom of the scroller (measured in the page, checked every frame); then the page's DOM nodes
 * are counted (the whole document: the app's shell included).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { signedInContext } from './lib/app-page.ts';
import { clientId } from './lib/chat.ts';
import type { Bench, Context } from './lib/context.ts';
import { type BenchReport, type Figure, figure, verdict } from './lib/results.ts';
import { seedThread, withDatabase } from './lib/seed-chat.ts';
import { type OurServer, startOurServer } from './lib/server.ts';
import { createSession } from './lib/session.ts';
import { ms, roundSummary, summarize } from './lib/stats.ts';
import { CHROMIUM, ensureWebBuild } from './lib/web.ts';

const LONG = 2000;
const SHORT = 20;
const DOM_TARGET = 1400;
const OPEN_RATIO_TARGET = 1.5;

type Chat = { name: 'long' | 'short'; threadId: string; lastId: string; count: number };
type Open = {
  chat: Chat['name'];
  ms: number;
  /** From the click to the thread's data received (GET /api/threads/:id's responseEnd); NaN if unseen. */
  dataMs: number;
  nodes: number;
  rendered: number;
  atBottom: boolean;
};

/** Opens `chat` from the new-chat page by its history link (or, without a sidebar, by the router). */
async function openChat(context: BrowserContext, server: OurServer, chat: Chat): Promise<Open> {
  const page = await context.newPage();
  try {
    await page.goto(`${server.url}/web-main`, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.waitForSelector('#chat-input');
    const path = `/web-main/${chat.threadId}`;
    const link = page.locator(`a[href="${path}"]`).first();
    const viaLink = (await link.count()) > 0 && (await link.isVisible());
    await page.evaluate(() => {
      (window as unknown as { __openedAt: number }).__openedAt = performance.now();
    });
    if (viaLink) await link.click();
    else {
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    }
    // On screen: the last message is in the DOM, inside the scroller's visible box, scrolled to the bottom.
    const handle = await page.waitForFunction(
      (lastId) => {
        const scroller = document.querySelector('[data-testid="chat-scroller"]');
        const last = document.querySelector(`[data-message-id="${lastId}"]`);
        if (!scroller || !last) return false;
        const box = scroller.getBoundingClientRect();
        const rect = last.getBoundingClientRect();
        if (rect.height === 0 || rect.bottom < box.top || rect.top > box.bottom) return false;
        return performance.now() - (window as unknown as { __openedAt: number }).__openedAt;
      },
      chat.lastId,
      { polling: 'raf', timeout: 120_000 },
    );
    const elapsed = (await handle.jsonValue()) as number;
    await page.waitForTimeout(500);
    const dom = await page.evaluate((threadId) => {
      const scroller = document.querySelector('[data-testid="chat-scroller"]');
      const openedAt = (window as unknown as { __openedAt: number }).__openedAt;
      const data = performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes(`/api/threads/${threadId}`) && e.startTime >= openedAt)
        .pop() as PerformanceResourceTiming | undefined;
      return {
        dataMs: data ? data.responseEnd - openedAt : Number.NaN,
        nodes: document.getElementsByTagName('*').length,
        rendered: document.querySelectorAll('[data-testid="chat-message"]').length,
        atBottom: !!scroller && scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight <= 4,
      };
    }, chat.threadId);
    return { chat: chat.name, ms: elapsed, ...dom };
  } finally {
    await page.close();
  }
}

async function run({ options, fakes }: Context): Promise<BenchReport> {
  const rounds = options.rounds ?? (options.smoke ? 2 : 6);
  const web = ensureWebBuild('B10');
  if (web.stale) {
    console.log(
      'B10 note: apps/web/src changed after apps/web/dist was built; npm run build -w @polymath/web for current numbers',
    );
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'polymath-b10-'));
  // The same secret for both servers: the session signed in on the first still holds on the second.
  const env = { SESSION_SECRET: randomBytes(32).toString('hex') };
  const start = () =>
    startOurServer({ openaiBaseUrl: fakes.openaiBaseUrl, postgresUrl: options.postgres, dataDir, env });
  let server = await start();
  let browser: Browser | undefined;
  const opens: Open[] = [];
  const chats: Chat[] = [];
  try {
    const session = await createSession(server, 'b10');
    // PGlite takes one process at a time: the server stops while the chats are written.
    await server.stop();
    const seedStarted = performance.now();
    await withDatabase({ dataDir, postgresUrl: options.postgres }, async (query) => {
      for (const [name, count] of [
        ['long', LONG],
        ['short', SHORT],
      ] as const) {
        const threadId = clientId(`b10${name}`);
        const ids = await seedThread(query, { email: session.email, threadId, count });
        chats.push({ name, threadId, lastId: ids[ids.length - 1] ?? '', count });
      }
    });
    console.log(`B10 seeded ${LONG} + ${SHORT} messages in ${ms(performance.now() - seedStarted)}`);
    server = await start();
    browser = await chromium.launch({ executablePath: CHROMIUM });
    const context = await signedInContext(browser, server, session);
    // One untimed open of each first: the route's and the renderer's chunks are then in the cache for both.
    for (const chat of chats) await openChat(context, server, chat);
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? chats : [...chats].reverse();
      for (const chat of order) {
        const open = await openChat(context, server, chat);
        opens.push(open);
        console.log(
          `B10 round ${round + 1} ${chat.name} (${chat.count}): ${ms(open.ms)}, ${open.nodes} DOM nodes, ` +
            `${open.rendered} messages rendered${open.atBottom ? '' : ', NOT at the bottom'}`,
        );
      }
    }
    await context.close();
  } finally {
    await browser?.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const long = opens.filter((o) => o.chat === 'long');
  const short = opens.filter((o) => o.chat === 'short');
  const longMs = summarize(long.map((o) => o.ms));
  const shortMs = summarize(short.map((o) => o.ms));
  const longData = summarize(long.map((o) => o.dataMs).filter(Number.isFinite));
  const shortData = summarize(short.map((o) => o.dataMs).filter(Number.isFinite));
  const longNodes = Math.max(...long.map((o) => o.nodes));
  const shortNodes = Math.max(...short.map((o) => o.nodes));
  const ratio = longMs.p50 / shortMs.p50;
  const figures: Figure[] = [
    figure('B10', {
      name: 'DOM nodes',
      text: `${LONG} messages ${longNodes} (${Math.max(...long.map((o) => o.rendered))} messages rendered) ${SHORT} messages ${shortNodes}`,
      target: `≤ ${DOM_TARGET}`,
      verdict: verdict(longNodes <= DOM_TARGET),
      values: { long: longNodes, short: shortNodes },
    }),
    figure('B10', {
      name: 'open time',
      text:
        `${LONG} messages p50 ${ms(longMs.p50)} (max ${ms(longMs.max)}) ${SHORT} messages p50 ${ms(shortMs.p50)} ` +
        `(max ${ms(shortMs.max)}) ratio ×${ratio.toFixed(2)} over ${rounds} opens each`,
      target: `≤ ×${OPEN_RATIO_TARGET}`,
      verdict: verdict(ratio <= OPEN_RATIO_TARGET),
      values: { longP50: longMs.p50, shortP50: shortMs.p50, ratio },
    }),
    figure('B10', {
      name: 'open split',
      text:
        `thread data received p50 ${LONG} messages ${ms(longData.p50)} ${SHORT} messages ${ms(shortData.p50)}; ` +
        `then on screen p50 ${ms(longMs.p50 - longData.p50)} and ${ms(shortMs.p50 - shortData.p50)} (from the click)`,
      verdict: 'INFO',
      values: { longDataP50: longData.p50, shortDataP50: shortData.p50 },
    }),
    figure('B10', {
      name: 'opened at the bottom',
      text: `${opens.filter((o) => o.atBottom).length}/${opens.length} opens showed the last message at the bottom`,
      verdict: opens.every((o) => o.atBottom) ? 'INFO' : 'MISS',
      values: { atBottom: opens.filter((o) => o.atBottom).length, opens: opens.length },
    }),
  ];
  return {
    bench: 'b10-long-chat',
    title: 'B10 a 2,000-message chat',
    figures,
    details: { rounds, web, long: roundSummary(longMs), short: roundSummary(shortMs), opens },
  };
}

export const b10LongChat: Bench = {
  id: 'B10',
  name: 'long chat',
  aliases: ['b10', 'long-chat'],
  run,
};
