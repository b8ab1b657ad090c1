/**
 * B8: Lighthouse on the first screens (quality guide: performance score ≥ 95, LCP ≤ 2.5 s, TBT ≤ 200 ms,
 * mobile profile), against the React-only page built in the same run.
 *
 * - Pages: `/web-main` and `/payment` of apps/web/dist as our server serves it (bench/lib/server.ts, the
 *   production static handler with its compressed variants), signed out; the baseline is the React-only
 *   page (bench/lib/web.ts) on a bare static server.
 * - Lighthouse 13's default config: the mobile form factor (a mid-range phone's screen, 4× CPU slowdown
 *   and slow 4G, simulated from the load's trace, so a run is not slowed by real throttling), the
 *   performance category only, storage and cache cleared before each load. One Debian Chromium
 *   (headless, through chrome-launcher) serves every run.
 * - `--rounds N` loads of each page (default 3, `--smoke` 1), rotating the pages so each goes first in
 *   turn; the figures are each page's median run (by score), with the baseline's median beside it.
 */
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Bench, Context } from './lib/context.ts';
import { type BenchReport, type Figure, figure, verdict } from './lib/results.ts';
import { startOurServer } from './lib/server.ts';
import { buildBaseline, CHROMIUM, ensureWebBuild, removeBaseline, serveFolder } from './lib/web.ts';

const SCORE_TARGET = 95;
const LCP_TARGET_MS = 2500;
const TBT_TARGET_MS = 200;

type Run = {
  score: number;
  lcp: number;
  tbt: number;
  fcp: number;
  si: number;
  cls: number;
  /** Lighthouse's own warnings (e.g. the page did not paint) and a runtime error, if any. */
  warnings: string[];
  /** Lighthouse could not measure the load (a runtime error such as NO_NAVSTART): its score of 0 says nothing. */
  failed: boolean;
};

type Page = { key: string; label: string; url: string };

/** One Lighthouse run of `url` in the launched Chromium; the numbers of its performance category. */
async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const warnings = [...lhr.runWarnings];
  if (lhr.runtimeError) warnings.push(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    fcp: value('first-contentful-paint'),
    si: value('speed-index'),
    cls: value('cumulative-layout-shift'),
    warnings,
    failed: lhr.runtimeError !== undefined,
  };
}

/**
 * The middle run by score (the lower middle of an even count): one real run, not a mix of runs. Runs
 * Lighthouse could not measure are left out (they are named in the warnings), unless all failed.
 */
function median(all: Run[]): Run {
  const measured = all.filter((r) => !r.failed);
  const runs = measured.length > 0 ? measured : all;
  const sorted = [...runs].sort((a, b) => a.score - b.score || b.lcp - a.lcp);
  const run = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!run) throw new Error('no Lighthouse runs');
  return run;
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)}s`;
const ms = (v: number) => `${Math.round(v)}ms`;

async function run({ options, fakes }: Context): Promise<BenchReport> {
  const rounds = options.rounds ?? (options.smoke ? 1 : 3);
  const figures: Figure[] = [];
  const web = ensureWebBuild('B8');
  if (web.stale) {
    console.log(
      'B8 note: apps/web/src or vite.config.ts changed after apps/web/dist was built; run npm run build -w @polymath/web for current numbers',
    );
  }

  const tmp = mkdtempSync(join(tmpdir(), 'polymath-b8-'));
  let baselineServer: Server | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const server = await startOurServer({ openaiBaseUrl: fakes.openaiBaseUrl, postgresUrl: options.postgres });
  try {
    const baseline = await serveFolder(await buildBaseline(tmp));
    baselineServer = baseline.server;
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      // --no-sandbox: the bench may run as root (CI, containers), where Chromium's sandbox refuses to start.
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      logLevel: 'silent',
    });
    const pages: Page[] = [
      { key: 'web-main', label: '/web-main', url: `${server.url}/web-main` },
      { key: 'payment', label: '/payment', url: `${server.url}/payment` },
      { key: 'baseline', label: 'React-only page', url: `${baseline.url}/` },
    ];
    const runs = new Map<string, Run[]>(pages.map((p) => [p.key, []]));
    for (let i = 0; i < rounds; i++) {
      // Rotate which page goes first, so none always meets a cold machine or a warm one.
      const order = pages.map((_, j) => pages[(i + j) % pages.length] as Page);
      for (const page of order) runs.get(page.key)?.push(await audit(page.url, chrome.port));
    }

    const base = median(runs.get('baseline') ?? []);
    for (const page of pages.filter((p) => p.key !== 'baseline')) {
      const all = runs.get(page.key) ?? [];
      const ours = median(all);
      const n = `${all.length} run${all.length === 1 ? '' : 's'}, median by score; scores ${all.map((r) => r.score).join('/')}`;
      figures.push(
        figure('B8', {
          name: `${page.label} performance`,
          text: `ours=${ours.score} baseline=${base.score} (${n}; mobile, simulated throttling)`,
          verdict: verdict(ours.score >= SCORE_TARGET),
          target: `≥${SCORE_TARGET}`,
          values: { ours: ours.score, baseline: base.score, scores: all.map((r) => r.score).join('/') },
        }),
      );
      figures.push(
        figure('B8', {
          name: `${page.label} LCP`,
          text: `ours=${s(ours.lcp)} baseline=${s(base.lcp)}`,
          verdict: verdict(ours.lcp <= LCP_TARGET_MS),
          target: `≤${s(LCP_TARGET_MS)}`,
          values: { ours: ours.lcp, baseline: base.lcp },
        }),
      );
      figures.push(
        figure('B8', {
          name: `${page.label} TBT`,
          text: `ours=${ms(ours.tbt)} baseline=${ms(base.tbt)}`,
          verdict: verdict(ours.tbt <= TBT_TARGET_MS),
          target: `≤${ms(TBT_TARGET_MS)}`,
          values: { ours: ours.tbt, baseline: base.tbt },
        }),
      );
      figures.push(
        figure('B8', {
          name: `${page.label} other metrics`,
          text:
            `FCP ours=${s(ours.fcp)} baseline=${s(base.fcp)}, Speed Index ours=${s(ours.si)} baseline=${s(base.si)}, ` +
            `CLS ours=${ours.cls.toFixed(3)} baseline=${base.cls.toFixed(3)}`,
          verdict: 'INFO',
          values: { fcp: ours.fcp, si: ours.si, cls: ours.cls },
        }),
      );
    }
    const warned = pages.flatMap((p) =>
      (runs.get(p.key) ?? []).flatMap((r) => r.warnings.map((w) => `${p.label}: ${w}`)),
    );
    if (warned.length > 0) {
      figures.push(
        figure('B8', {
          name: 'lighthouse warnings',
          text: [...new Set(warned)].join(' | '),
          verdict: 'INFO',
          values: { warnings: warned.length },
        }),
      );
    }

    return {
      bench: 'b8',
      title: 'Lighthouse (mobile) on /web-main and /payment against a React-only page',
      figures,
      details: {
        rounds,
        web: { ...web, dist: 'apps/web/dist', servedBy: 'our server (bench/lib/server.ts)' },
        runs: Object.fromEntries(runs),
      },
    };
  } finally {
    chrome?.kill();
    baselineServer?.close();
    await server.stop();
    removeBaseline(tmp);
  }
}

export const b8Lighthouse: Bench = {
  id: 'B8',
  name: 'Lighthouse (mobile) on /web-main and /payment against a React-only page',
  aliases: ['b8', 'lighthouse'],
  run,
};
