import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The built page's stylesheet link moves from <head> to the end of <body>: a stylesheet in the head
 * holds up the first paint until it has arrived (one more round trip on a phone), while index.html
 * styles its placeholder itself. The app's module scripts still run only once it has loaded (a
 * parser-inserted stylesheet blocks scripts), so the app never renders unstyled (B8: first paint).
 */
function stylesheetAfterContent(): Plugin {
  const LINK = /\s*<link rel="stylesheet"[^>]*>/g;
  return {
    name: 'polymath:stylesheet-after-content',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(LINK) ?? [];
        if (links.length === 0) return html;
        return html.replace(LINK, '').replace('</body>', `${links.map((l) => l.trim()).join('')}\n  </body>`);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), stylesheetAfterContent()],
  build: {
    target: 'es2022',
    // Every browser that runs es2022 supports <link rel="modulepreload">: no polyfill in the boot chunk.
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json: which chunks each route needs. The server preloads the requested
    // route's chunks from index.html, beside the boot chunk instead of after it (B8).
    manifest: true,
    // Each route and overlay is its own chunk; only the first route's code loads up front.
    chunkSizeWarningLimit: 300,
    rolldownOptions: {
      // The shared schema files hold constants the first screen uses (limits, media types) beside their
      // zod schemas; building a schema is a call, which the bundler must keep unless told it is pure. So
      // importing a constant kept its file's schemas and all of zod (≈28 KB gzip). Every `z.…(…)` chain
      // only builds a schema object, without side effects, and so do the shared helpers that make one
      // (packages/shared/src/app/text.ts).
      treeshake: { manualPureFunctions: ['z', 'storableText', 'oneLineText', 'opaqueIdSchema'] },
      output: {
        codeSplitting: {
          groups: [
            {
              // Everything the entry imports statically (React, the router, the store, i18n, the shell's
              // boot code) in one file instead of a dozen (B7: ≤ 12 files on the first screen).
              name: 'boot',
              tags: ['$initial'],
            },
            {
              // The lucide icons in one chunk (~35 KB raw, ~12 KB gzip, all of them) instead of one chunk per
              // icon: the first screen fetched 23 icon chunks of ~0.2–1 KB (each sent uncompressed with ~1 KB
              // of headers). B7: 51 → 28 files, 322.6 → 320.7 KB gzip. Without following the icons'
              // dependencies, so React stays where it was rather than moving into this chunk.
              name: 'icons',
              test: /node_modules[\\/]lucide-react[\\/]/,
              includeDependenciesRecursively: false,
            },
            {
              // zod in one chunk of its own, fetched with the first screen that validates something. Left
              // to itself Rolldown put zod's core helpers into the entry (≈19 KB raw on every first screen).
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
});
