/**
 * Where the time of the last `npm test` went (README, "Test it"): per phase from
 * test-timing/phases.json (scripts/test-run.ts), per test file from Vitest's JSON report
 * (test-timing/vitest.json) and per spec file from Playwright's (test-timing/playwright.json).
 *
 *   npm run test:timing               the tables (the 15 slowest files of each)
 *   npm run test:timing -- --top 40   more rows
 *   npm run test:timing -- --json     the same as JSON
 */
import { join, relative, resolve } from 'node:path';
import { type PwReport, playwrightSpecs, readReport } from './test-reports.ts';

const ROOT = resolve(import.meta.dirname, '..');
const DIR = join(ROOT, 'test-timing');

type Row = Record<string, string | number>;

const read = <T>(name: string): T | null => readReport<T>(join(DIR, name));

const s = (ms: number) => Math.round(ms / 100) / 10;

type Phases = { totalMs: number; phases: { name: string; status: string; startMs: number; endMs: number }[] };

export function phaseRows(phases: Phases): Row[] {
  return [
    ...phases.phases.map((p) => ({
      phase: p.name,
      seconds: s(p.endMs - p.startMs),
      from: s(p.startMs),
      to: s(p.endMs),
      status: p.status,
    })),
    { phase: 'total (wall clock)', seconds: s(phases.totalMs), from: 0, to: s(phases.totalMs), status: '' },
  ];
}

type VitestReport = {
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    assertionResults: { status: string; duration?: number | null }[];
  }[];
};

/** Per test file: wall time in its worker (start to end, hooks and imports included) and its tests. */
export function vitestRows(report: VitestReport): Row[] {
  return report.testResults
    .map((f) => ({
      file: relative(ROOT, f.name),
      seconds: s(f.endTime - f.startTime),
      tests: f.assertionResults.filter((a) => a.status === 'passed' || a.status === 'failed').length,
      skipped: f.assertionResults.filter((a) => a.status !== 'passed' && a.status !== 'failed').length,
    }))
    .sort((a, b) => b.seconds - a.seconds);
}

/** Per spec file: the summed duration of its tests (every attempt) and how many ran. */
export function playwrightRows(report: PwReport): { files: Row[]; tests: Row[] } {
  const files = new Map<string, { ms: number; tests: number }>();
  const tests: Row[] = [];
  for (const spec of playwrightSpecs(report)) {
    for (const test of spec.tests) {
      const ms = test.results.reduce((sum, r) => sum + r.duration, 0);
      if (test.results.length === 0) continue;
      const entry = files.get(spec.file) ?? { ms: 0, tests: 0 };
      entry.ms += ms;
      entry.tests += 1;
      files.set(spec.file, entry);
      tests.push({ test: `${spec.file} › ${spec.title}`.slice(0, 110), seconds: s(ms) });
    }
  }
  return {
    files: [...files]
      .map(([file, e]) => ({ file, seconds: s(e.ms), tests: e.tests }))
      .sort((a, b) => b.seconds - a.seconds),
    tests: tests.sort((a, b) => Number(b.seconds) - Number(a.seconds)),
  };
}

function table(rows: Row[]): string {
  if (rows.length === 0) return '(none)';
  const keys = Object.keys(rows[0] ?? {});
  const widths = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(r[k]).length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [
    line(keys),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map((r) => line(keys.map((k) => String(r[k])))),
  ].join('\n');
}

if (import.meta.main) {
  const topAt = process.argv.indexOf('--top');
  const top = topAt > 0 ? Number(process.argv[topAt + 1]) : 15;
  const phases = read<Phases>('phases.json');
  const vitest = read<VitestReport>('vitest.json');
  const playwright = read<PwReport>('playwright.json');
  if (!phases && !vitest && !playwright) {
    console.error('No timing in test-timing/: run `npm test` (or `npm run check`) first.');
    process.exit(1);
  }
  const out = {
    phases: phases ? phaseRows(phases) : null,
    vitest: vitest ? vitestRows(vitest) : null,
    playwright: playwright ? playwrightRows(playwright) : null,
  };
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(out, null, 2));
  } else {
    if (out.phases) console.log(`Phases (seconds from the start of the run):\n\n${table(out.phases)}\n`);
    if (out.vitest) {
      const sum = out.vitest.reduce((t, r) => t + Number(r.seconds), 0);
      console.log(
        `Vitest: ${out.vitest.length} files, ${Math.round(sum)} s summed over the workers; the ${top} slowest:\n\n${table(out.vitest.slice(0, top))}\n`,
      );
    }
    if (out.playwright) {
      const sum = out.playwright.files.reduce((t, r) => t + Number(r.seconds), 0);
      console.log(
        `Playwright: ${out.playwright.tests.length} tests, ${Math.round(sum)} s summed over the workers; per spec file:\n\n${table(out.playwright.files)}\n`,
      );
      console.log(`The ${top} slowest browser tests:\n\n${table(out.playwright.tests.slice(0, top))}`);
    }
  }
}
