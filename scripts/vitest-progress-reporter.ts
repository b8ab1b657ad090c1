/**
 * A Vitest reporter for `npm test` (scripts/test-run.ts) that prints nothing: it keeps, in
 * test-timing/vitest-progress.json, the test files running now and those that have failed. When a
 * file's worker stops answering (a test stuck in a synchronous loop is out of reach of Vitest's own
 * timeouts), test-run.ts stops the run after a long silence and reads from here which file it was
 * and whether anything else had failed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export const PROGRESS_FILE = join(resolve(import.meta.dirname, '..'), 'test-timing', 'vitest-progress.json');

export type VitestProgress = { running: string[]; failed: string[] };

export default class ProgressReporter implements Reporter {
  private readonly running = new Set<string>();
  private readonly failed = new Set<string>();

  onTestModuleStart(testModule: TestModule): void {
    this.running.add(testModule.relativeModuleId);
    this.write();
  }

  onTestModuleEnd(testModule: TestModule): void {
    this.running.delete(testModule.relativeModuleId);
    if (testModule.state() === 'failed') this.failed.add(testModule.relativeModuleId);
    this.write();
  }

  private write(): void {
    const progress: VitestProgress = { running: [...this.running], failed: [...this.failed] };
    mkdirSync(dirname(PROGRESS_FILE), { recursive: true });
    writeFileSync(PROGRESS_FILE, JSON.stringify(progress));
  }
}
