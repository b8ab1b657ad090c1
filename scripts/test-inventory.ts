/**
 * What the tests check, counted so that a change to the suite can show nothing was lost
 * (README, "Test it"):
 *  - tests declared in the source (it/test calls with a name and a body; one `it.each` or a test in
 *    a loop counts once, as written) and `expect` calls, per area;
 *  - tests run and passed in the last run, from the JSON reports in test-timing/ (written by
 *    `npm test`, see scripts/test-run.ts);
 *  - line and branch coverage per workspace from coverage/coverage-summary.json, when
 *    `npm run test:coverage` has written it.
 *
 *   npm run test:inventory            print the tables
 *   npm run test:inventory -- --json  the same as JSON
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseSync } from 'vite';

const ROOT = resolve(import.meta.dirname, '..');

/** Where tests and their helpers live, by area. */
const AREAS = [
  { name: 'shared', dir: 'packages/shared/src' },
  { name: 'provider-fakes', dir: 'packages/provider-fakes/src' },
  { name: 'server', dir: 'apps/server' },
  { name: 'web', dir: 'apps/web/src' },
  { name: 'e2e', dir: 'e2e' },
  { name: 'bench', dir: 'bench' },
] as const;

/** Test files and the helpers beside them (helpers hold expects too). */
function isTestSource(path: string): boolean {
  if (!/\.(ts|tsx)$/.test(path) || path.endsWith('.d.ts')) return false;
  return (
    /\.test\.tsx?$/.test(path) ||
    /\.spec\.ts$/.test(path) ||
    path.includes('/test/') ||
    path.startsWith('e2e/') ||
    path.startsWith('bench/')
  );
}

function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'artifacts' || entry.name === 'results') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

const TEST_FNS = new Set(['it', 'test']);
/** Modifiers that still declare one test: it.each(…)(name, fn), test.skip(name, fn), it.skipIf(c)(name, fn)… */
const TEST_MODIFIERS = new Set(['each', 'only', 'skip', 'skipIf', 'runIf', 'concurrent', 'fails', 'fixme', 'todo']);

/** An ESTree node as oxc gives it (Vite's parseSync): only the fields read here. */
type Node = { type: string; [key: string]: unknown };
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
const nameOf = (node: unknown): string | undefined =>
  isNode(node) && node.type === 'Identifier' ? String(node.name) : undefined;

/** The root identifier of a callee like it, it.each(x), test.skip, it.skipIf(c). */
function testCallee(node: Node): boolean {
  if (node.type === 'Identifier') return TEST_FNS.has(String(node.name));
  if (node.type === 'MemberExpression' && !node.computed)
    return TEST_MODIFIERS.has(nameOf(node.property) ?? '') && isNode(node.object) && testCallee(node.object);
  if (node.type === 'CallExpression') return isNode(node.callee) && testCallee(node.callee);
  return false;
}

function countFile(path: string): { tests: number; expects: number } {
  // TypeScript 7's compiler has no JavaScript API for walking a file; oxc's parser (Vite's) does.
  const { program, errors } = parseSync(path, readFileSync(path, 'utf8'));
  if (errors.length > 0) throw new Error(`${path}: ${errors[0]?.message}`);
  let tests = 0;
  let expects = 0;
  const visit = (node: Node) => {
    if (node.type === 'CallExpression' && isNode(node.callee)) {
      const [first, second] = node.arguments as Node[];
      const named =
        first && ((first.type === 'Literal' && typeof first.value === 'string') || first.type === 'TemplateLiteral');
      const body = second && (second.type === 'ArrowFunctionExpression' || second.type === 'FunctionExpression');
      if (named && body && testCallee(node.callee)) tests++;
      const callee = node.callee;
      // expect(x), expect.soft(x), expect.poll(fn); not expect.any(), expect.objectContaining() (matchers).
      if (
        nameOf(callee) === 'expect' ||
        (callee.type === 'MemberExpression' &&
          nameOf(callee.object) === 'expect' &&
          ['soft', 'poll'].includes(nameOf(callee.property) ?? ''))
      )
        expects++;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'type') continue;
      if (Array.isArray(value)) for (const child of value) isNode(child) && visit(child);
      else if (isNode(value)) visit(value);
    }
  };
  visit(program as unknown as Node);
  return { tests, expects };
}

type AreaCount = { area: string; files: number; tests: number; expects: number };

export function countDeclared(): AreaCount[] {
  return AREAS.map(({ name, dir }) => {
    const files = walk(join(ROOT, dir)).filter((p) => isTestSource(relative(ROOT, p)));
    let tests = 0;
    let expects = 0;
    for (const file of files) {
      const c = countFile(file);
      tests += c.tests;
      expects += c.expects;
    }
    return { area: name, files: files.length, tests, expects };
  });
}

type RunCount = { suite: string; total: number; passed: number; failed: number; skipped: number };

/** Tests in the last run's JSON reports (vitest.json, playwright.json under test-timing). */
export function countRun(dir = join(ROOT, 'test-timing')): RunCount[] {
  const out: RunCount[] = [];
  const vitestFile = join(dir, 'vitest.json');
  if (existsSync(vitestFile)) {
    const v = JSON.parse(readFileSync(vitestFile, 'utf8')) as Record<string, number>;
    out.push({
      suite: 'vitest',
      total: v.numTotalTests ?? 0,
      passed: v.numPassedTests ?? 0,
      failed: v.numFailedTests ?? 0,
      skipped: (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0),
    });
  }
  const pwFile = join(dir, 'playwright.json');
  if (existsSync(pwFile)) {
    const p = JSON.parse(readFileSync(pwFile, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    };
    const { expected, unexpected, flaky, skipped } = p.stats;
    out.push({
      suite: 'playwright',
      total: expected + unexpected + flaky + skipped,
      passed: expected + flaky,
      failed: unexpected,
      skipped,
    });
  }
  return out;
}

type CoverageTotals = { workspace: string; lines: string; branches: string };

/** Line and branch coverage per workspace, summed from coverage/coverage-summary.json's files. */
export function coverageByWorkspace(file = join(ROOT, 'coverage/coverage-summary.json')): CoverageTotals[] | null {
  if (!existsSync(file)) return null;
  type Metric = { total: number; covered: number };
  const summary = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { lines: Metric; branches: Metric }>;
  const sums = new Map<string, { lines: Metric; branches: Metric }>();
  for (const [path, metrics] of Object.entries(summary)) {
    if (path === 'total') continue;
    const rel = relative(ROOT, path);
    const workspace = ['packages/shared', 'packages/provider-fakes', 'apps/server', 'apps/web'].find((w) =>
      rel.startsWith(`${w}/`),
    );
    if (!workspace) continue;
    const sum = sums.get(workspace) ?? { lines: { total: 0, covered: 0 }, branches: { total: 0, covered: 0 } };
    for (const key of ['lines', 'branches'] as const) {
      sum[key].total += metrics[key].total;
      sum[key].covered += metrics[key].covered;
    }
    sums.set(workspace, sum);
  }
  const pct = (m: Metric) => `${((100 * m.covered) / Math.max(1, m.total)).toFixed(2)}% (${m.covered}/${m.total})`;
  const rows = [...sums].map(([workspace, s]) => ({ workspace, lines: pct(s.lines), branches: pct(s.branches) }));
  const total = summary.total;
  if (total) rows.push({ workspace: 'all', lines: pct(total.lines), branches: pct(total.branches) });
  return rows;
}

function table(rows: Record<string, string | number>[]): string {
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
  const declared = countDeclared();
  const totals = declared.reduce(
    (t, a) => ({ area: 'all', files: t.files + a.files, tests: t.tests + a.tests, expects: t.expects + a.expects }),
    { area: 'all', files: 0, tests: 0, expects: 0 },
  );
  const run = countRun();
  const coverage = coverageByWorkspace();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ declared: [...declared, totals], run, coverage }, null, 2));
  } else {
    console.log('Tests and expect calls in the source:\n');
    console.log(table([...declared, totals]));
    console.log('\nTests in the last run (test-timing):\n');
    console.log(table(run));
    console.log('\nCoverage (coverage/coverage-summary.json, from `npm run test:coverage`):\n');
    console.log(coverage ? table(coverage) : '(no coverage report: run `npm run test:coverage` first)');
  }
}
