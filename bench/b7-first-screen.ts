/**
 * B7: JavaScript on the first screen (quality guide: "JavaScript on the first route (/web-main), gzip —
 * baseline: a React-only page built in the same run — target ≤ 170 KB gzip JS for the first route;
 * everything else lazy"; the issue adds ≤ 12 JS files on the first screen).
 *
 * - Baseline: an index.html and an entry rendering one React component with react-dom/client, built
 *   in this run with Vite's JS API (the web app's target and React plugin) into a temp folder, served
 *   by a bare node:http static server (no compression).
 * - Ours: apps/web/dist (built first when missing) as our server serves it (bench/lib/server.ts: the
 *   real static handler, with its gzip/brotli variants), `/web-main` signed out.
 *
 * Both pages load in Chromium (a fresh context each, so nothing is cached) until network idle; every
 * JavaScript response of that load is counted. The gzip figure gzips each body here (node:zlib, level 9),
 * so it does not depend on how the server encodes; the bytes actually transferred are beside it.
 */
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';
import type { Bench, Context } from './lib/context.ts';
import { type BenchReport, type Figure, figure, verdict } from './lib/results.ts';
import { startOurServer } from './lib/server.ts';
import { kb } from './lib/stats.ts';
import { buildBaseline, CHROMIUM, ensureWebBuild, removeBaseline, serveFolder } from './lib/web.ts';

const GZIP_TARGET_BYTES = 170 * 1024;
const FILES_TARGET = 12;
const BIG_FILE_BYTES = 20 * 1024;
const SMALL_FILE_BYTES = 1024;

type JsFile = {
  url: string;
  /** The path without the host, e.g. /assets/index-abc.js. */
  name: string;
  raw: number;
  gzip: number;
  /** Response body bytes on the wire (as the server encoded them) plus the response headers. */
  transferred: number;
  encoding: string;
};

type Load = {
  url: string;
  finalUrl: string;
  files: JsFile[];
  ms: number;
  /** Uncaught errors in the page (a chunking change that breaks module order shows here). */
  errors: string[];
  /** The page rendered something of its own into #root (the boot placeholder is gone, the root is not empty). */
  rendered: boolean;
};

const sum = (files: JsFile[], key: 'raw' | 'gzip' | 'transferred') => files.reduce((s, f) => s + f[key], 0);

function isJavaScript(url: string, contentType: string | null): boolean {
  if (contentType && /javascript|ecmascript/i.test(contentType)) return true;
  return /\.m?js$/i.test(new URL(url).pathname);
}

/** One cold load in a fresh context until network idle; every JavaScript response it fetched. */
async function loadPage(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending: Promise<JsFile | null>[] = [];
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    pending.push(
      (async () => {
        if (response.status() !== 200) return null;
        if (!isJavaScript(response.url(), await response.headerValue('content-type'))) return null;
        const body = await response.body();
        const sizes = await response.request().sizes();
        const parsed = new URL(response.url());
        return {
          url: response.url(),
          name: parsed.pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          transferred: sizes.responseBodySize + sizes.responseHeadersSize,
          encoding: (await response.headerValue('content-encoding')) ?? 'identity',
        };
      })().catch(() => null),
    );
  });
  const started = performance.now();
  try {
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    const elapsed = performance.now() - started;
    const finalUrl = page.url();
    const rendered = await page.evaluate(() => {
      const root = document.getElementById('root');
      return !!root && root.children.length > 0 && !root.querySelector('.boot-placeholder');
    });
    const seen = new Map<string, JsFile>();
    for (const file of await Promise.all(pending)) if (file && !seen.has(file.url)) seen.set(file.url, file);
    return { url, finalUrl, files: [...seen.values()].sort((a, b) => b.gzip - a.gzip), ms: elapsed, errors, rendered };
  } finally {
    await context.close();
  }
}

function encodings(files: JsFile[]): string {
  const counts = new Map<string, number>();
  for (const f of files) counts.set(f.encoding, (counts.get(f.encoding) ?? 0) + 1);
  return [...counts].map(([e, n]) => `${e}×${n}`).join(' ');
}

/** Files and gzip KB of each load, e.g. "51/49 files, 322.6/321.9KB". */
function perLoad(loads: Load[]): string {
  return `${loads.map((l) => l.files.length).join('/')} files, ${loads.map((l) => kb(sum(l.files, 'gzip'))).join('/')}`;
}

/** The files some of our loads fetched and others did not. */
function differing(loads: Load[]): string {
  const names = loads.map((l) => new Set(l.files.map((f) => f.name)));
  const all = new Set(names.flatMap((n) => [...n]));
  const some = [...all].filter((name) => !names.every((n) => n.has(name)));
  return some.length ? ` (ours, not in every load: ${some.join(', ')})` : '';
}

/** The load with the most gzip bytes (the worst one) and whether the rounds saw the same files. */
function worst(loads: Load[]): { load: Load; same: boolean } {
  const key = (l: Load) => l.files.map((f) => f.name).join(',');
  const sorted = [...loads].sort((a, b) => sum(b.files, 'gzip') - sum(a.files, 'gzip'));
  const load = sorted[0];
  if (!load) throw new Error('no page loads');
  return { load, same: loads.every((l) => key(l) === key(load)) };
}

async function run({ options, fakes }: Context): Promise<BenchReport> {
  const rounds = options.rounds ?? (options.smoke ? 1 : 3);
  const figures: Figure[] = [];
  const web = ensureWebBuild('B7');
  if (web.stale) {
    console.log(
      'B7 note: apps/web/src or vite.config.ts changed after apps/web/dist was built; run npm run build -w @polymath/web for current numbers',
    );
  }

  const tmp = mkdtempSync(join(tmpdir(), 'polymath-b7-'));
  let baselineServer: Server | undefined;
  let browser: Browser | undefined;
  const server = await startOurServer({ openaiBaseUrl: fakes.openaiBaseUrl, postgresUrl: options.postgres });
  try {
    const buildStarted = performance.now();
    const baselineDir = await buildBaseline(tmp);
    const buildMs = performance.now() - buildStarted;
    const baseline = await serveFolder(baselineDir);
    baselineServer = baseline.server;
    browser = await chromium.launch({ executablePath: CHROMIUM });

    const loads: { ours: Load[]; baseline: Load[] } = { ours: [], baseline: [] };
    for (let i = 0; i < rounds; i++) {
      // A B, B A, …: each side goes first in turn (only the load time could care; sizes do not).
      const order = i % 2 === 0 ? (['ours', 'baseline'] as const) : (['baseline', 'ours'] as const);
      for (const side of order) {
        const url = side === 'ours' ? `${server.url}/web-main` : `${baseline.url}/`;
        loads[side].push(await loadPage(browser, url));
      }
    }

    const ours = worst(loads.ours);
    const base = worst(loads.baseline);
    const o = ours.load.files;
    const b = base.load.files;
    const oursGzip = sum(o, 'gzip');
    const baseGzip = sum(b, 'gzip');

    figures.push(
      figure('B7', {
        name: 'first-screen js gzip',
        text:
          `ours=${kb(oursGzip)} baseline=${kb(baseGzip)} ratio=${(oursGzip / baseGzip).toFixed(2)}x ` +
          `(raw ours=${kb(sum(o, 'raw'))} baseline=${kb(sum(b, 'raw'))}; gzip -9 of each body; ${ours.load.finalUrl.replace(server.url, '')} signed out)`,
        verdict: verdict(oursGzip <= GZIP_TARGET_BYTES),
        target: `≤${kb(GZIP_TARGET_BYTES)} gzip`,
        values: {
          oursGzip,
          baselineGzip: baseGzip,
          ratio: oursGzip / baseGzip,
          oursRaw: sum(o, 'raw'),
          baselineRaw: sum(b, 'raw'),
        },
      }),
    );
    const small = (files: JsFile[]) => files.filter((f) => f.raw < SMALL_FILE_BYTES).length;
    figures.push(
      figure('B7', {
        name: 'first-screen js files',
        text: `ours=${o.length} baseline=${b.length} (under 1KB raw: ours=${small(o)} baseline=${small(b)})`,
        verdict: verdict(o.length <= FILES_TARGET),
        target: `≤${FILES_TARGET} files`,
        values: { ours: o.length, baseline: b.length, oursUnder1KB: small(o), baselineUnder1KB: small(b) },
      }),
    );
    figures.push(
      figure('B7', {
        name: 'first-screen js transferred',
        text:
          `ours=${kb(sum(o, 'transferred'))} (${encodings(o)}) baseline=${kb(sum(b, 'transferred'))} (${encodings(b)}) ` +
          `(response bodies as served plus headers)`,
        verdict: 'INFO',
        values: { ours: sum(o, 'transferred'), baseline: sum(b, 'transferred') },
      }),
    );
    const big = o.filter((f) => f.gzip > BIG_FILE_BYTES);
    figures.push(
      figure('B7', {
        name: 'first-screen js files over 20KB gzip',
        text: big.length ? big.map((f) => `${f.name} ${kb(f.gzip)} (raw ${kb(f.raw)})`).join(', ') : 'none',
        verdict: 'INFO',
        values: Object.fromEntries(big.map((f) => [f.name, f.gzip])),
      }),
    );
    const broken = [...loads.ours, ...loads.baseline].filter((l) => l.errors.length > 0 || !l.rendered);
    if (broken.length > 0) {
      figures.push(
        figure('B7', {
          name: 'page',
          text: broken
            .map((l) => `${l.url}: rendered=${l.rendered}, errors: ${l.errors.join(' | ') || 'none'}`)
            .join('; '),
          verdict: 'INFO',
          values: { broken: broken.length },
        }),
      );
    }
    if (!ours.same || !base.same) {
      figures.push(
        figure('B7', {
          name: 'rounds',
          text:
            `the ${rounds} loads did not fetch the same files: ours ${perLoad(loads.ours)}, baseline ${perLoad(loads.baseline)}; ` +
            `the figures are the load with the most gzip bytes${differing(loads.ours)}`,
          verdict: 'INFO',
          values: { oursSame: ours.same, baselineSame: base.same },
        }),
      );
    }

    return {
      bench: 'b7',
      title: 'First-screen JavaScript (/web-main) against a React-only page',
      figures,
      details: {
        rounds,
        chromium: browser.version(),
        web: { ...web, dist: 'apps/web/dist', servedBy: 'our server (bench/lib/server.ts)' },
        baselineBuildMs: Math.round(buildMs),
        loadMs: {
          ours: loads.ours.map((l) => Math.round(l.ms)),
          baseline: loads.baseline.map((l) => Math.round(l.ms)),
        },
        ours: { url: ours.load.url, finalUrl: ours.load.finalUrl, files: o },
        pages: {
          ours: loads.ours.map((l) => ({ rendered: l.rendered, errors: l.errors })),
          baseline: loads.baseline.map((l) => ({ rendered: l.rendered, errors: l.errors })),
        },
        baseline: { files: b },
      },
    };
  } finally {
    await browser?.close();
    baselineServer?.close();
    await server.stop();
    removeBaseline(tmp);
  }
}

export const b7FirstScreen: Bench = {
  id: 'B7',
  name: 'first-screen JavaScript (/web-main, gzip) against a React-only page',
  aliases: ['b7', 'first-screen'],
  run,
};
