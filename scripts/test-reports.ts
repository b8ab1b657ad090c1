/**
 * Reading the last run's JSON reports in test-timing/ (Vitest's, Playwright's, the progress file),
 * shared by `npm run test:timing` (scripts/test-timing.ts) and the end of `npm test`
 * (scripts/test-failures.ts).
 */
import { existsSync, readFileSync } from 'node:fs';

/** A report file's JSON, or null when the file is missing or was cut short (a run stopped mid-write). */
export function readReport<T>(file: string): T | null {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** One browser test in Playwright's JSON report: each of its tests (projects) with every attempt. */
export type PwSpec = {
  title: string;
  file: string;
  line: number;
  ok: boolean;
  tests: { status?: string; results: { status: string; duration: number; error?: { message?: string } }[] }[];
};
type PwSuite = { specs?: PwSpec[]; suites?: PwSuite[] };
export type PwReport = { suites: PwSuite[]; stats: { duration: number } };

/** Every spec in Playwright's report, however deep its describe blocks. */
export function playwrightSpecs(report: Pick<PwReport, 'suites'> | null): PwSpec[] {
  const out: PwSpec[] = [];
  const walk = (suite: PwSuite) => {
    out.push(...(suite.specs ?? []));
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return out;
}
