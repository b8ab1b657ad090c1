import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createWorker, OEM, type Page, type Worker, type WorkerParams } from 'tesseract.js';
import { defaultOcrDataDir, type OcrDataManifest, prepareOcrData } from './ocr-data.ts';

/**
 * The OCR engine: a small pool of long-lived tesseract.js workers, created lazily and reused
 * (starting one takes ~0.3–0.6 s). tesseract.js runs each worker in its own thread
 * (`worker_threads`, WebAssembly), so recognition never blocks the event loop; the main thread only
 * posts the image and receives the result (B11 measures the event-loop delay while 4 jobs run).
 *
 * A worker holds one set of languages for life. A request goes to an idle worker holding its
 * languages, else a new worker starts for them (retiring the least recently used idle worker when
 * `maxWorkers` are alive); at most `size` read at once, the rest wait their turn (FIFO).
 */

export type OcrBox = { x0: number; y0: number; x1: number; y1: number };
export type OcrWord = { text: string; confidence: number; box: OcrBox };
export type OcrLine = {
  text: string;
  confidence: number;
  box: OcrBox;
  words: OcrWord[];
  /** Tesseract's block and paragraph the line belongs to (indexes within the page). */
  block: number;
  paragraph: number;
  /** Tesseract's row height estimate (px): ascender to descender of the line's font. */
  rowHeight: number;
};
export type OcrPage = { lines: OcrLine[]; confidence: number; languages: string[] };

export type OcrEngine = {
  /** Reads an image file (PNG/JPEG bytes) with these tesseract languages, first one primary. */
  recognize(image: Buffer, languages: readonly string[], signal?: AbortSignal): Promise<OcrPage>;
  /** Tesseract codes whose data is installed (the langPath folder's manifest). */
  readableLanguages(): Promise<ReadonlySet<string>>;
  /** Workers started so far and requests waiting (for tests and the bench). */
  stats(): { workers: number; busy: number; queued: number };
  close(): Promise<void>;
};

export type OcrEngineOptions = {
  /** Images read at once (default: the CPU count, at most 4). */
  size?: number;
  /**
   * Workers kept alive, busy or idle (default size + 2; each holds ~60–120 MB). A worker keeps its
   * languages for life: re-initialising one with other languages leaks settings between them
   * (after Arabic, Chinese lines come out as English), so another set of languages gets a new
   * worker and the idle one unused for longest makes room.
   */
  maxWorkers?: number;
  /** The langPath folder (default: `defaultOcrDataDir()`), assembled by `prepareOcrData`. */
  dataDir?: string;
  debianDirs?: readonly string[];
  /** Tesseract parameters over the defaults below (for tuning and the bench). */
  parameters?: Record<string, string>;
};

/**
 * Tesseract's settings for photos: automatic page segmentation (tesseract.js defaults to a single
 * block, which drops every region but the first on a photo), a DPI for images that carry none, and
 * a local threshold.
 */
const PARAMETERS: Record<string, string> = {
  tessedit_pageseg_mode: '3',
  user_defined_dpi: '300',
  // Sauvola's local threshold instead of one Otsu threshold for the whole image: on a photo-sized
  // picture with a colourful background, the global one turns the background into black blobs the
  // layout analysis takes for pictures, and no text at all is found (measured: 4 of 17 test photos
  // read nothing with Otsu or Leptonica's tiled Otsu, none with Sauvola, the rest unchanged).
  thresholding_method: '2',
};

/** tesseract.js types the segmentation mode as its PSM enum, whose values are these same strings. */
const asParams = (params: Record<string, string>) => params as Partial<WorkerParams>;

/**
 * Arabic-script text: tesseract's line finder splits a right-aligned Arabic line at the wide gap
 * after a non-joining letter (its first word lands in a line of its own, cut), unless lines must
 * be a little taller (in x-heights) than its default 1.25. Measured on rendered Arabic signs: mean
 * character error rate 9% → 4%. Not for other scripts: it drops short inverted labels there.
 */
const ARABIC_SCRIPT = new Set(['ara', 'fas', 'urd']);
export function parametersFor(languages: readonly string[]): Record<string, string> {
  // Set both ways: a worker re-initialised for another language must not keep the other value.
  return { textord_min_linesize: ARABIC_SCRIPT.has(languages[0] ?? '') ? '1.5' : '1.25' };
}

/** Every tesseract parameter a read with these languages gets (the bench gives the native CLI the same). */
export function ocrParameters(languages: readonly string[]): Record<string, string> {
  return { ...PARAMETERS, ...parametersFor(languages) };
}

const WORKER_PATH = fileURLToPath(new URL('./ocr-worker.cjs', import.meta.url));

type Slot = { worker: Worker; key: string; languages: string[]; busy: boolean; lastUsed: number };
type Request = {
  key: string;
  languages: string[];
  image: Buffer;
  signal?: AbortSignal;
  resolve: (page: OcrPage) => void;
  reject: (err: unknown) => void;
};

function toBox(b: { x0: number; y0: number; x1: number; y1: number }): OcrBox {
  return { x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1 };
}

/** Flattens tesseract.js's block tree into lines (with their words), keeping block and paragraph indexes. */
export function pageLines(page: Page): OcrLine[] {
  const lines: OcrLine[] = [];
  (page.blocks ?? []).forEach((block, b) => {
    block.paragraphs.forEach((paragraph, p) => {
      for (const line of paragraph.lines) {
        lines.push({
          text: line.text.replace(/\n$/, ''),
          confidence: line.confidence,
          box: toBox(line.bbox),
          words: line.words.map((w) => ({ text: w.text, confidence: w.confidence, box: toBox(w.bbox) })),
          block: b,
          paragraph: p,
          rowHeight: line.rowAttributes?.rowHeight ?? line.bbox.y1 - line.bbox.y0,
        });
      }
    });
  });
  return lines;
}

export function createOcrEngine(options: OcrEngineOptions = {}): OcrEngine {
  const size = Math.max(1, options.size ?? Math.min(4, availableParallelism()));
  const maxWorkers = Math.max(size, options.maxWorkers ?? size + 2);
  const dataDir = options.dataDir ?? defaultOcrDataDir();
  const parameters = { ...PARAMETERS, ...options.parameters };
  const slots: Slot[] = [];
  const queue: Request[] = [];
  let starting = 0;
  let closed = false;
  let manifest: Promise<OcrDataManifest> | null = null;

  const data = () => {
    manifest ??= prepareOcrData({ dir: dataDir, debianDirs: options.debianDirs });
    // A failed preparation is retried by the next request rather than remembered.
    manifest.catch(() => {
      manifest = null;
    });
    return manifest;
  };

  async function startWorker(languages: string[]): Promise<Worker> {
    await data();
    const worker = await createWorker(languages, OEM.LSTM_ONLY, {
      langPath: dataDir,
      cacheMethod: 'none',
      gzip: false,
      workerPath: WORKER_PATH,
    });
    await worker.setParameters(asParams({ ...parameters, ...parametersFor(languages) }));
    return worker;
  }

  async function run(slot: Slot, request: Request): Promise<void> {
    try {
      const result = await slot.worker.recognize(request.image, {}, { blocks: true, text: false });
      request.resolve({ lines: pageLines(result.data), confidence: result.data.confidence, languages: slot.languages });
    } catch (err) {
      request.reject(err instanceof Error ? err : new Error(`OCR failed: ${String(err)}`));
      // A worker that failed may be in any state: replace it rather than reuse it.
      retire(slot);
    }
    slot.busy = false;
    slot.lastUsed = performance.now();
    dispatch();
  }

  function retire(slot: Slot): void {
    const at = slots.indexOf(slot);
    if (at >= 0) slots.splice(at, 1);
    void slot.worker.terminate().catch(() => {});
  }

  function take(request: Request): void {
    queue.splice(queue.indexOf(request), 1);
  }

  function launch(request: Request): void {
    take(request);
    starting++;
    startWorker(request.languages).then(
      (worker) => {
        starting--;
        if (closed) {
          void worker.terminate();
          request.reject(new Error('The OCR engine was closed.'));
          return;
        }
        const slot: Slot = { worker, key: request.key, languages: request.languages, busy: true, lastUsed: 0 };
        slots.push(slot);
        void run(slot, request);
      },
      (err: unknown) => {
        starting--;
        request.reject(err);
        dispatch();
      },
    );
  }

  function dispatch(): void {
    if (closed) return;
    for (const request of [...queue]) {
      if (request.signal?.aborted) {
        take(request);
        request.reject(request.signal.reason);
        continue;
      }
      const busy = slots.filter((s) => s.busy).length + starting;
      if (busy >= size) return;
      const same = slots.find((s) => !s.busy && s.key === request.key);
      if (same) {
        take(request);
        same.busy = true;
        void run(same, request);
        continue;
      }
      if (slots.length + starting >= maxWorkers) {
        // Make room: the idle worker unused for longest goes (its languages are the least wanted).
        const lru = slots.filter((s) => !s.busy).sort((a, b) => a.lastUsed - b.lastUsed)[0];
        if (!lru) return;
        retire(lru);
      }
      launch(request);
    }
  }

  return {
    recognize(image, languages, signal) {
      if (closed) return Promise.reject(new Error('The OCR engine was closed.'));
      signal?.throwIfAborted();
      const list = [...languages];
      return new Promise<OcrPage>((resolve, reject) => {
        const request: Request = { key: list.join('+'), languages: list, image, signal, resolve, reject };
        queue.push(request);
        signal?.addEventListener(
          'abort',
          () => {
            // Only a request still waiting is dropped; one being read finishes (its result is ignored).
            if (queue.includes(request)) {
              take(request);
              reject(signal.reason);
            }
          },
          { once: true },
        );
        dispatch();
      });
    },
    async readableLanguages() {
      const m = await data();
      return new Set(m.languages.map((l) => l.code));
    },
    stats() {
      return { workers: slots.length, busy: slots.filter((s) => s.busy).length, queued: queue.length };
    },
    async close() {
      closed = true;
      for (const request of queue.splice(0)) request.reject(new Error('The OCR engine was closed.'));
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate().catch(() => {})));
    },
  };
}

let shared: OcrEngine | null = null;

/** The process's one engine, created on first use (the job and the bench share it). */
export function sharedOcrEngine(): OcrEngine {
  shared ??= createOcrEngine();
  return shared;
}

/** Stops the shared engine's workers (at shutdown; worker threads would keep the process alive). */
export async function closeSharedOcrEngine(): Promise<void> {
  const engine = shared;
  shared = null;
  await engine?.close();
}
