import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { provided } from './provided.ts';

/**
 * A new empty folder under this run's temp folder, which global-setup.ts removes with everything in
 * it when the run ends. A test file's own clean-up can miss: Vitest ends a worker with SIGTERM, so
 * its `process.on('exit')` never runs, and a helper called from many tests has no hook of its own.
 * Without the run's globalSetup (another config), the system's temp folder.
 */
export function runTempDir(prefix: string): string {
  return mkdtempSync(join(provided('tempRoot') ?? tmpdir(), prefix));
}
