/**
 * A Vitest reporter for `npm test` (scripts/test-run.ts) that prints nothing: it keeps, in
 * test-timing/vitest-progress.json, the test files running now, those that have failed and the tests
 * that passed only on their second try (named at the end of `npm test`). When a
 * file's worker stops answering (a test stuck in a synchronous loop is out of reach of Vitest's own
 * timeouts), test-run.ts stops the run after a long silence and reads from here which file it was
 * and whether anything else had failed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Reporter, TestCase, TestModule } from 'vitest/node';

export const PROGRESS_FILE = join(resolve(import.meta.dirname, '..'), 'test-timing', 'vitest-progress.json');

/** `flaky`: "file › test" of each test that passed on its second try (CI's retry, vitest.config.ts). */
export type VitestProgress = { running: string[]; failed: string[]; flaky: string[] };

export default class ProgressReporter implements Reporter {
  private readonly running = new Set<string>();
  private readonly failed = new Set<string>();
  private readonly flaky = new Set<string>();

  onTestModuleStart(testModule: TestModule): void {
    this.running.add(testModule.relativeModuleId);
    this.write();
  }

  onTestModuleEnd(testModule: TestModule): void {
    this.running.delete(testModule.relativeModuleId);
    if (testModule.state() === 'failed') this.failed.add(testModule.relativeModuleId);
    this.write();
  }

  onTestCaseResult(testCase: TestCase): void {
    if (!testCase.diagnostic()?.flaky) return;
    this.flaky.add(`${testCase.module.relativeModuleId} › ${testCase.fullName}`);
    this.write();
  }

  private write(): void {
    const progress: VitestProgress = { running: [...this.running], failed: [...this.failed], flaky: [...this.flaky] };
    mkdirSync(dirname(PROGRESS_FILE), { recursive: true });
    writeFileSync(PROGRESS_FILE, JSON.stringify(progress));
  }
}
