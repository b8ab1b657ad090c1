/**
 * The failed tests of the last run, read from Vitest's and Playwright's JSON reports in test-timing/.
 * `npm test` prints them last, so a log that keeps only its tail (CI's) still says what failed: the
 * unit tests print live and their failures scroll away under the browser tests' output.
 */
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { type PwReport, playwrightSpecs, readReport } from './test-reports.ts';

type VitestReport = {
  testResults?: {
    name: string;
    status?: string;
    message?: string;
    assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[];
  }[];
};

/** First line of an error message, without colours, cut to `max` characters. */
function firstLine(message: string | undefined, max = 200): string {
  const line =
    stripVTControlCharacters(message ?? '')
      .split('\n')
      .find((l) => l.trim() !== '') ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line.trim();
}

/** "file › test: first line of the error" for each failed Vitest test, or file when the file itself failed. */
export function vitestFailures(file: string, root: string): string[] {
  const report = readReport<VitestReport>(file);
  const out: string[] = [];
  for (const result of report?.testResults ?? []) {
    const path = result.name.startsWith(`${root}/`) ? result.name.slice(root.length + 1) : result.name;
    const failed = (result.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) out.push(`${path} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    if (failed.length === 0 && result.status === 'failed') out.push(`${path}: ${firstLine(result.message)}`);
  }
  return out;
}

/** "file:line › title: first line of the error" for each browser test that failed on its last try. */
export function playwrightFailures(file: string): string[] {
  return playwrightSpecs(readReport<PwReport>(file))
    .filter((spec) => !spec.ok)
    .map((spec) => {
      const last = spec.tests.flatMap((t) => t.results).at(-1);
      return `${spec.file}:${spec.line} › ${spec.title}: ${firstLine(last?.error?.message)}`;
    });
}

/** "file:line › title" of each browser test that failed, then passed on its retry (CI only). */
export function playwrightFlaky(file: string): string[] {
  return playwrightSpecs(readReport<PwReport>(file))
    .filter((spec) => spec.tests.some((t) => t.status === 'flaky'))
    .map((spec) => `${spec.file}:${spec.line} › ${spec.title}`);
}

/**
 * The tests that passed only on their second try (CI retries once): printed whether or not the run
 * passed, so a test that has started to flake is seen before it fails a run.
 */
export function flakySummary(dir: string, progressFile: string): string[] {
  const vitest = readReport<{ flaky?: string[] }>(progressFile)?.flaky ?? [];
  const all = [...vitest, ...playwrightFlaky(join(dir, 'playwright.json'))];
  return all.length > 0 ? ['Passed only on their second try (flaky):', ...all.map((l) => `  ~ ${l}`)] : [];
}

/** The lines `npm test` prints last when a step failed; empty when the reports name no failed test. */
export function failureSummary(dir: string, root: string): string[] {
  const vitest = [
    ...vitestFailures(join(dir, 'vitest.json'), root),
    ...vitestFailures(join(dir, 'vitest-rerun.json'), root),
  ];
  const browser = playwrightFailures(join(dir, 'playwright.json'));
  return [
    ...(vitest.length > 0 ? ['Failed unit and integration tests:', ...vitest.map((l) => `  ✗ ${l}`)] : []),
    ...(browser.length > 0 ? ['Failed browser tests:', ...browser.map((l) => `  ✗ ${l}`)] : []),
  ];
}
