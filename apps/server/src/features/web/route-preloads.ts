/** One chunk of Vite's build manifest (dist/.vite/manifest.json), keyed by its source path. */
type ManifestChunk = { file: string; imports?: string[]; isDynamicEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/**
 * A lazily loaded screen's module, <name> being its path's first segment: src/app/routes/<name>.tsx,
 * or a tool's page, src/features/tools/<name>/tool.tsx (the web's tool registry; the folder is the tool's id).
 */
const ROUTE_MODULE = /^src\/(?:app\/routes\/([a-z-]+)\.tsx|features\/tools\/([a-z-]+)\/tool\.tsx)$/;
/** The tools' texts, which every lazy route loads with itself (withMoreTexts). */
const MORE_TEXTS = /^src\/locales\/en-more\.ts$/;

/**
 * The chunks each lazy route needs beyond what index.html already loads, by the route's first path
 * segment (`payment` for /payment): its own chunk, everything it imports statically, and the tools'
 * texts. index.html asks for them with <link rel="modulepreload">, so they download while the boot
 * chunk does, instead of after it has run (B8: /payment's ~10 chunks were a second wave). A route the
 * manifest does not know, or a build without a manifest, preloads nothing.
 */
export function routePreloads(
  manifestJson: Uint8Array | undefined,
  indexHtml: Uint8Array | undefined,
): Map<string, string[]> {
  const routes = new Map<string, string[]>();
  if (!manifestJson || !indexHtml) return routes;
  let manifest: Manifest;
  try {
    manifest = JSON.parse(new TextDecoder().decode(manifestJson)) as Manifest;
  } catch {
    return routes;
  }
  const reach = (keys: string[], into: Set<string>) => {
    for (const key of keys) {
      if (into.has(key) || !manifest[key]) continue;
      into.add(key);
      reach(manifest[key].imports ?? [], into);
    }
  };
  // What index.html loads itself (the boot chunk and what it imports) is not preloaded again.
  const html = new TextDecoder().decode(indexHtml);
  const loaded = new Set<string>();
  reach(
    Object.keys(manifest).filter((key) => html.includes(`/${manifest[key]?.file}"`)),
    loaded,
  );
  const texts = Object.keys(manifest).find((key) => MORE_TEXTS.test(key));
  for (const [key, chunk] of Object.entries(manifest)) {
    const match = ROUTE_MODULE.exec(key);
    const name = match?.[1] ?? match?.[2];
    if (!name || !chunk.isDynamicEntry) continue;
    const needed = new Set<string>();
    reach(texts ? [key, texts] : [key], needed);
    const files = [...needed].filter((k) => !loaded.has(k)).map((k) => `/${manifest[k]?.file}`);
    if (files.length > 0) routes.set(name, files);
  }
  return routes;
}

/** The route name a path's preloads are kept under: its first segment. */
export function routeOf(path: string): string {
  return path.split('/')[1] ?? '';
}
