import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { LOCALES, WEB_MANIFESTS } from '../../packages/shared/src/app/constants.ts';
import { webManifest } from './web-manifest.ts';

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

/** The page the service worker opens with no network (decision 031): index.html, marked as such. */
export const APP_SHELL = 'app-shell.html';

/**
 * Writes what the service worker's precache picks up from the build: a manifest per language, and
 * the offline app shell. The shell is the built index.html as it leaves the build, with no boot data
 * and no claim about a session (the server adds those per request), and a marker the app reads to show
 * its offline screen (main.tsx). Its inline script is the page's own, so the CSP's hash allows it.
 */
function appShellAndManifests(): Plugin {
  let outDir = 'dist';
  return {
    name: 'polymath:app-shell-and-manifests',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const locale of LOCALES)
        writeFileSync(join(outDir, WEB_MANIFESTS[locale]), JSON.stringify(webManifest(locale)));
      const page = bundle['index.html'];
      if (page?.type !== 'asset') throw new Error('index.html is missing from the build');
      const html = String(page.source);
      if (!html.includes('<meta charset="UTF-8" />')) throw new Error('index.html has no <meta charset> to mark');
      writeFileSync(
        join(outDir, APP_SHELL),
        html.replace(
          '<meta charset="UTF-8" />',
          '<meta charset="UTF-8" />\n    <meta name="app-shell" content="offline" />',
        ),
      );
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    stylesheetAfterContent(),
    appShellAndManifests(),
    // The service worker (decision 031): the app shell and the build's static files, precached by their
    // hashes; navigations always go to the network (each page is made per request with its boot data
    // and session), and only when the network fails is the precached shell served. Nothing else is
    // routed: API answers and a person's files are never cached. main.tsx registers it itself once the
    // page has loaded (navigator.serviceWorker.register), so nothing is injected here.
    VitePWA({
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,svg,png,webmanifest}', APP_SHELL],
        globIgnores: ['index.html', 'auth/**', '.vite/**', 'sw.js', 'workbox-*.js'],
        navigateFallback: null,
        navigationPreload: true,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            // Same-origin page loads outside /api/ (OAuth callbacks, file downloads) and the sign-in popup.
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' &&
              url.origin === self.location.origin &&
              !url.pathname.startsWith('/api/') &&
              !url.pathname.startsWith('/auth/'),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: `/${APP_SHELL}` } },
          },
        ],
      },
    }),
  ],
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
