/**
 * What a benchmark reports: one printed line per figure (our number with the baseline's beside it and
 * the target's verdict), and the same figures plus the raw summaries as JSON in bench/results/.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './procs.ts';

export const RESULTS_DIR = join(ROOT, 'bench/results');

/** PASS / MISS against a target; INFO when the figure has no target; SKIP when this run cannot tell. */
export type Verdict = 'PASS' | 'MISS' | 'INFO' | 'SKIP';

export type Figure = {
  /** e.g. "ttft p50" */
  name: string;
  /** The printed line. */
  line: string;
  verdict: Verdict;
  /** The numbers behind the line (ms, bytes, counts). */
  values: Record<string, number | string | boolean>;
  target?: string;
};

export type BenchReport = {
  bench: string;
  title: string;
  figures: Figure[];
  /** Run parameters and everything else worth keeping (summaries, counts). */
  details: Record<string, unknown>;
};

export function verdict(pass: boolean): Verdict {
  return pass ? 'PASS' : 'MISS';
}

/** Prints a figure's line as it is produced, so a long run shows progress. */
export function figure(id: string, f: Omit<Figure, 'line'> & { text: string }): Figure {
  const target = f.target ? ` target ${f.target}` : '';
  const line = `${id} ${f.name} ${f.text}${target} ${f.verdict}`;
  console.log(line);
  const out: Figure = { name: f.name, line, verdict: f.verdict, values: f.values };
  if (f.target !== undefined) out.target = f.target;
  return out;
}

function gitCommit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head}+dirty` : head;
  } catch {
    return 'unknown';
  }
}

export function machine() {
  return {
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryBytes: totalmem(),
    commit: gitCommit(),
  };
}

/** Writes bench/results/<name>-<timestamp>.json and bench/results/latest-<name>.json; returns the first path. */
export function writeReport(report: BenchReport, run: Record<string, unknown>): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const at = new Date();
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  const body = `${JSON.stringify({ ...report, at: at.toISOString(), machine: machine(), run }, null, 2)}\n`;
  const file = join(RESULTS_DIR, `${report.bench}-${stamp}.json`);
  writeFileSync(file, body);
  writeFileSync(join(RESULTS_DIR, `latest-${report.bench}.json`), body);
  return file;
}
