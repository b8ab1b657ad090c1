/**
 * What the browser benchmarks share (B7, B8, B9, B10): Debian's Chromium, the web app's build, and the
 * React-only baseline page served by a bare static server.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { ROOT } from './procs.ts';

export const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
export const WEB_DIR = join(ROOT, 'apps/web');
export const WEB_DIST = join(WEB_DIR, 'dist');

/** Builds apps/web/dist with the workspace's own build script when it is missing. */
export function ensureWebBuild(label: string): { built: boolean; stale: boolean; builtAt: string } {
  let built = false;
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    console.log(`${label} apps/web/dist is missing: npm run build -w @polymath/web`);
    execFileSync('npm', ['run', 'build', '-w', '@polymath/web'], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    built = true;
  }
  const builtAt = statSync(join(WEB_DIST, 'index.html')).mtimeMs;
  // A source file newer than the build means the numbers are of older code: said, not rebuilt.
  const newest = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
      const full = join(entry.parentPath, entry.name);
      return Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
    }, 0);
  const sources = Math.max(newest(join(WEB_DIR, 'src')), statSync(join(WEB_DIR, 'vite.config.ts')).mtimeMs);
  return { built, stale: sources > builtAt, builtAt: new Date(builtAt).toISOString() };
}

/** The React-only page: one component rendered with react-dom/client, built like the web app. */
export async function buildBaseline(dir: string): Promise<string> {
  const src = join(dir, 'src');
  mkdirSync(src);
  // Bare imports (react, react-dom) resolve from the repository's node_modules.
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(
    join(src, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>React only</title></head>
  <body><div id="root"></div><script type="module" src="./main.tsx"></script></body>
</html>
`,
  );
  writeFileSync(
    join(src, 'main.tsx'),
    `import { useState } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  const [count, setCount] = useState(0);
  return <button type="button" onClick={() => setCount(count + 1)}>Clicked {count} times</button>;
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
`,
  );
  const outDir = join(dir, 'dist');
  await build({
    configFile: false,
    root: src,
    // Not node_modules/.vite: that folder is the repository's (shared with other checkouts).
    cacheDir: join(dir, '.vite'),
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  return outDir;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** A bare static server for the baseline's folder (identity encoding). */
export async function serveFolder(dir: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(dir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(dir + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    const body = readFileSync(file);
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': body.length,
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, server };
}

/** Removes a folder buildBaseline built in: its node_modules link first, so nothing follows it into the repository. */
export function removeBaseline(dir: string): void {
  try {
    unlinkSync(join(dir, 'node_modules'));
  } catch {}
  rmSync(dir, { recursive: true, force: true });
}
