import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Environment for every Node process a test starts (servers, the job-crash child): V8's compile
 * cache (NODE_COMPILE_CACHE), kept in the temp folder across runs, so a process after the first
 * loads the app's modules (Hono, better-auth, the AI SDK, Drizzle, PGlite…) without compiling them
 * again: about 2 s of CPU less per server start, of the 6–7 its imports take (issue 33, decision
 * 026). It changes nothing the process does; production starts are left as they are.
 */
export const CHILD_NODE_ENV: Record<string, string> = {
  NODE_COMPILE_CACHE: join(tmpdir(), 'polymath-test-compile-cache'),
};

/** A TCP port free on 127.0.0.1 right now (for a server process a test starts). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}
