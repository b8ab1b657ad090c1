/**
 * B11: photo translate's OCR (quality guide: "reported ratio; the event loop stays responsive").
 *
 * 1. Time per image: our engine (tesseract.js 7, WebAssembly, one warm worker) against Debian's
 *    native `tesseract` CLI on the same images — the exact grey PNGs our pipeline hands to OCR — with
 *    the same language data (`--tessdata-dir` = our langPath folder), page segmentation and DPI, one
 *    thread each (OMP_THREAD_LIMIT=1), alternating which goes first per image. The CLI's time
 *    includes its process start and model load, as calling it per image would.
 * 2. Accuracy (bench/lib/ocr-accuracy.ts): every test photo through the whole pipeline, held to the
 *    unit tests' limits, and language detection for each language. PASS/MISS.
 * 3. The event-loop delay of a process serving HTTP while 4 photo translate jobs run in it
 *    (bench/lib/ocr-server.ts), against the same process idle, phases alternated; a client pings it
 *    every 10 ms throughout. Target: p99 under 50 ms.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPhotoLanguage } from '@polymath/shared';
import sharp from 'sharp';
import { prepareOcrData } from '../apps/server/src/features/tools/photo-translate/ocr-data.ts';
import { createOcrEngine, ocrParameters } from '../apps/server/src/features/tools/photo-translate/ocr-engine.ts';
import {
  characterErrorRate,
  FIXTURE_SPECS,
  makeFixture,
} from '../apps/server/src/features/tools/photo-translate/photo-fixtures.ts';
import { checkPhoto, decodePhoto } from '../apps/server/src/features/tools/photo-translate/photo-input.ts';
import {
  cleanLines,
  ocrInput,
  tesseractLanguagesFor,
} from '../apps/server/src/features/tools/photo-translate/photo-ocr.ts';
import type { Bench, Context } from './lib/context.ts';
import { ocrAccuracy } from './lib/ocr-accuracy.ts';
import { startChild } from './lib/procs.ts';
import { type BenchReport, type Figure, figure, verdict } from './lib/results.ts';
import { ms, round, roundSummary, summarize } from './lib/stats.ts';

const EVENT_LOOP_TARGET_MS = 50;

function add(samples: Record<string, number[]>, key: string, value: number): void {
  const list = samples[key] ?? [];
  list.push(value);
  samples[key] = list;
}

function which(command: string): boolean {
  try {
    execFileSync(command, ['--version'], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

/** Debian's tesseract, installed with apt when missing and allowed (root or sudo); false when not to be had. */
function ensureNativeTesseract(): { ok: boolean; note: string } {
  if (which('tesseract')) return { ok: true, note: 'found' };
  const root = process.getuid?.() === 0;
  const prefix = root ? [] : which('sudo') ? ['sudo', '-n'] : null;
  if (!prefix) return { ok: false, note: 'not installed, and not root nor sudo to install it' };
  console.log('B11 installing Debian tesseract-ocr for the baseline (apt-get)…');
  try {
    const apt = (args: string[]) => {
      const [cmd = 'apt-get', ...rest] = [...prefix, 'apt-get', ...args];
      execFileSync(cmd, rest, {
        stdio: 'ignore',
        timeout: 300_000,
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    };
    apt(['update']);
    apt(['install', '-y', 'tesseract-ocr']);
  } catch (err) {
    return { ok: false, note: `apt-get install tesseract-ocr failed (${(err as Error).message.split('\n')[0]})` };
  }
  return which('tesseract')
    ? { ok: true, note: 'installed by the bench' }
    : { ok: false, note: 'install did not work' };
}

function nativeVersion(): string {
  try {
    return execFileSync('tesseract', ['--version'], { encoding: 'utf8' }).split('\n')[0] ?? '?';
  } catch {
    return '?';
  }
}

function runNative(file: string, languages: string[], dataDir: string): Promise<{ ms: number; text: string }> {
  // The same settings as ours: page segmentation, DPI, thresholding, the Arabic line size.
  const settings = Object.entries(ocrParameters(languages)).flatMap(([k, v]) => ['-c', `${k}=${v}`]);
  const args = [file, 'stdout', '--tessdata-dir', dataDir, '-l', languages.join('+'), ...settings];
  const started = performance.now();
  return new Promise((resolve, reject) => {
    execFile(
      'tesseract',
      args,
      { env: { ...process.env, OMP_THREAD_LIMIT: '1' }, maxBuffer: 16 << 20 },
      (err, stdout) => {
        if (err) reject(err);
        else resolve({ ms: performance.now() - started, text: stdout });
      },
    );
  });
}

async function timePerImage(options: Context['options'], figures: Figure[], details: Record<string, unknown>) {
  const rounds = options.rounds ?? (options.smoke ? 1 : 3);
  const manifest = await prepareOcrData();
  const readable = new Set(manifest.languages.map((l) => l.code));
  // Smoke: three small images and the photo-sized ones.
  const specs = FIXTURE_SPECS.filter((s) => readable.has(findPhotoLanguage(s.language)?.tesseract ?? '')).filter(
    (s, i) => !options.smoke || i < 3 || s.width,
  );
  const dir = mkdtempSync(join(tmpdir(), 'b11-'));
  const native = ensureNativeTesseract();
  details.native = { ...native, version: native.ok ? nativeVersion() : null };
  const engine = createOcrEngine({ size: 1, maxWorkers: 8 });
  try {
    const images: {
      name: string;
      file: string;
      bytes: Buffer;
      languages: string[];
      truth: string;
      language: string;
    }[] = [];
    for (const spec of specs) {
      const fixture = await makeFixture(spec);
      const input = await ocrInput(await decodePhoto(fixture.bytes, await checkPhoto(fixture.bytes)));
      const file = join(dir, fixture.name.replace(/\.\w+$/, '.ocr.png'));
      writeFileSync(file, input.bytes);
      const language = findPhotoLanguage(spec.language);
      if (!language) continue;
      const languages = tesseractLanguagesFor(language);
      images.push({
        name: fixture.name,
        file,
        bytes: input.bytes,
        languages,
        truth: fixture.text,
        language: spec.language,
      });
    }
    // Our workers start once per language set (measured on its own); the per-image times are warm.
    const starts: number[] = [];
    for (const languages of new Set(images.map((i) => i.languages.join('+')))) {
      const image = images.find((i) => i.languages.join('+') === languages);
      if (!image) continue;
      const t = performance.now();
      await engine.recognize(image.bytes, image.languages);
      starts.push(performance.now() - t);
    }
    if (native.ok && images[0]) await runNative(images[0].file, images[0].languages, manifest.dir);
    // The CLI's fixed cost per call (process start, model load): its run on a blank 16×16 image.
    const blank = join(dir, 'blank.png');
    writeFileSync(
      blank,
      await sharp({ create: { width: 16, height: 16, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer(),
    );
    const startup: Record<string, number[]> = {};

    const ours: Record<string, number[]> = {};
    const theirs: Record<string, number[]> = {};
    const cer: Record<string, { ours: number; native: number | null }> = {};
    for (let r = 0; r < rounds; r++) {
      for (const [i, image] of images.entries()) {
        const runOurs = async () => {
          const t = performance.now();
          const page = await engine.recognize(image.bytes, image.languages);
          add(ours, image.name, performance.now() - t);
          const text = cleanLines(page, 1)
            .map((l) => l.text)
            .join('\n');
          cer[image.name] = {
            native: null,
            ...cer[image.name],
            ours: characterErrorRate(text, image.truth, image.language),
          };
        };
        const runTheirs = async () => {
          if (!native.ok) return;
          const out = await runNative(image.file, image.languages, manifest.dir);
          add(theirs, image.name, out.ms);
          add(startup, image.languages.join('+'), (await runNative(blank, image.languages, manifest.dir)).ms);
          const entry = cer[image.name] ?? { ours: Number.NaN, native: null };
          cer[image.name] = { ...entry, native: characterErrorRate(out.text, image.truth, image.language) };
        };
        // A B, then B A on the next image/round: neither side always runs on a warmer cache.
        if ((i + r) % 2 === 0) {
          await runOurs();
          await runTheirs();
        } else {
          await runTheirs();
          await runOurs();
        }
      }
    }
    const median = (xs: number[] = []) => summarize(xs).p50;
    const perImage = images.map((image) => ({
      image: image.name,
      ours: round(median(ours[image.name])),
      native: native.ok ? round(median(theirs[image.name])) : null,
      nativeStartup: native.ok ? round(median(startup[image.languages.join('+')])) : null,
      cerOurs: round(cer[image.name]?.ours ?? Number.NaN),
      cerNative: cer[image.name]?.native ?? null,
    }));
    details.perImage = perImage;
    details.ourWorkerStartMs = starts.map((s) => round(s));
    const oursAll = Object.values(ours).flat();
    const theirsAll = Object.values(theirs).flat();
    const sumOurs = perImage.reduce((s, p) => s + p.ours, 0);
    const sumNative = perImage.reduce((s, p) => s + (p.native ?? 0), 0);
    for (const p of perImage) {
      console.log(
        `B11   ${p.image.padEnd(22)} ours=${ms(p.ours)} native=${p.native === null ? 'n/a' : ms(p.native)}` +
          `${p.nativeStartup === null ? '' : ` (cli start ${ms(p.nativeStartup)})`}` +
          `${p.native ? ` ratio=${(p.ours / p.native).toFixed(2)}x` : ''} CER ours=${(p.cerOurs * 100).toFixed(1)}%` +
          `${p.cerNative === null ? '' : ` native=${(p.cerNative * 100).toFixed(1)}%`}`,
      );
    }
    if (!native.ok) {
      figures.push(
        figure('B11', {
          name: 'ocr time per image',
          text: `ours p50=${ms(summarize(oursAll).p50)} over ${images.length} images; native tesseract unavailable: ${native.note} (sudo apt-get install tesseract-ocr)`,
          verdict: 'SKIP',
          values: { ours: round(summarize(oursAll).p50), images: images.length },
        }),
      );
    } else {
      const engineOnly = perImage.reduce((sum, p) => sum + Math.max(1, (p.native ?? 0) - (p.nativeStartup ?? 0)), 0);
      figures.push(
        figure('B11', {
          name: 'ocr time without the cli start',
          text:
            `ours=${ms(sumOurs / images.length)} native=${ms(engineOnly / images.length)} ratio=${(sumOurs / engineOnly).toFixed(2)}x ` +
            `(native minus its run on a blank 16×16 image with the same languages: process start and model load ` +
            `${perImage
              .map((p) => p.nativeStartup ?? 0)
              .reduce((a, b) => Math.max(a, b), 0)
              .toFixed(0)}ms at most; one thread each)`,
          verdict: 'INFO',
          values: { oursMeanMs: round(sumOurs / images.length), nativeEngineMeanMs: round(engineOnly / images.length) },
        }),
      );
      figures.push(
        figure('B11', {
          name: 'ocr time per image',
          text:
            `ours=${ms(sumOurs / images.length)} native=${ms(sumNative / images.length)} (mean of per-image medians, ` +
            `${images.length} images × ${rounds} rounds) ratio=${(sumOurs / sumNative).toFixed(2)}x; ` +
            `p50 ours=${ms(summarize(oursAll).p50)} native=${ms(summarize(theirsAll).p50)}; ${details.native && (details.native as { version: string }).version}`,
          verdict: 'INFO',
          target: 'reported ratio',
          values: {
            oursMeanMs: round(sumOurs / images.length),
            nativeMeanMs: round(sumNative / images.length),
            ratio: round(sumOurs / sumNative),
          },
        }),
      );
    }
    figures.push(
      figure('B11', {
        name: 'ocr worker start',
        text: `ours ${starts.map((s) => ms(s)).join(' ')} (first image per language set, start included)`,
        verdict: 'INFO',
        values: { p50: round(summarize(starts).p50) },
      }),
    );
    details.timing = { ours: roundSummary(summarize(oursAll)), native: roundSummary(summarize(theirsAll)) };
  } finally {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

type Phase = { name: 'idle' | 'busy'; start: number; end: number; jobs: number; p50: number; p99: number; max: number };

async function eventLoop(options: Context['options'], figures: Figure[], details: Record<string, unknown>) {
  const jobs = 4;
  const phaseMs = options.smoke ? 2500 : 6000;
  const rounds = options.rounds ?? 2;
  const child = startChild('ocr server', 'bench/lib/ocr-server.ts', {
    JOBS: String(jobs),
    PHASE_MS: String(phaseMs),
    ROUNDS: String(rounds),
  });
  const [, url] = await child.waitFor(/listening on (http:\/\/\S+)/);
  await child.waitFor(/warm: \d+ workers/, 120_000);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const pings: { at: number; ms: number }[] = [];
  let finished = false;
  const waiting = child.waitFor(/^finished$/m, phaseMs * rounds * 2 + 120_000).finally(() => {
    finished = true;
  });
  while (!finished) {
    const at = Date.now();
    const t = performance.now();
    await new Promise<void>((resolve) => {
      const req = request(`${url}/ping`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve());
      });
      req.on('error', () => resolve());
      req.end();
    });
    pings.push({ at, ms: performance.now() - t });
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await waiting;
  agent.destroy();
  await child.stop();

  const phases: Phase[] = [...child.output().matchAll(/^phase (idle|busy) (\d+) (\d+) (\{.*\})$/gm)].map((m) => ({
    name: m[1] as Phase['name'],
    start: Number(m[2]),
    end: Number(m[3]),
    ...(JSON.parse(m[4] ?? '{}') as { jobs: number; p50: number; p99: number; max: number }),
  }));
  const of = (name: Phase['name']) => phases.filter((p) => p.name === name);
  const pingsIn = (name: Phase['name']) =>
    pings.filter((p) => of(name).some((ph) => p.at >= ph.start && p.at < ph.end)).map((p) => p.ms);
  const worst = (name: Phase['name'], key: 'p99' | 'max') => Math.max(...of(name).map((p) => p[key]));
  const busyP99 = worst('busy', 'p99');
  const idleP99 = worst('idle', 'p99');
  const jobsDone = of('busy').reduce((s, p) => s + p.jobs, 0);
  details.eventLoop = {
    phases,
    pingBusy: roundSummary(summarize(pingsIn('busy'))),
    pingIdle: roundSummary(summarize(pingsIn('idle'))),
  };
  figures.push(
    figure('B11', {
      name: 'event-loop delay p99',
      text: `busy=${ms(busyP99)} idle=${ms(idleP99)} (max busy=${ms(worst('busy', 'max'))} idle=${ms(worst('idle', 'max'))}; ${jobs} jobs at once, ${jobsDone} photo translations in ${of('busy').length}×${phaseMs / 1000}s)`,
      target: `<${EVENT_LOOP_TARGET_MS}ms`,
      verdict: Number.isFinite(busyP99) ? verdict(busyP99 < EVENT_LOOP_TARGET_MS) : 'SKIP',
      values: { busyP99, idleP99, busyMax: worst('busy', 'max'), jobs: jobsDone },
    }),
  );
  const ping = { busy: summarize(pingsIn('busy')), idle: summarize(pingsIn('idle')) };
  figures.push(
    figure('B11', {
      name: 'http ping while busy',
      text: `p50 busy=${ms(ping.busy.p50)} idle=${ms(ping.idle.p50)}; p99 busy=${ms(ping.busy.p99)} idle=${ms(ping.idle.p99)} (${ping.busy.n}+${ping.idle.n} pings)`,
      verdict: 'INFO',
      values: { busyP50: round(ping.busy.p50), busyP99: round(ping.busy.p99), idleP99: round(ping.idle.p99) },
    }),
  );
}

async function run({ options }: Context): Promise<BenchReport> {
  const figures: Figure[] = [];
  const details: Record<string, unknown> = {};
  await timePerImage(options, figures, details);
  // One worker reading at a time, as the unit tests did with this matrix.
  const engine = createOcrEngine({ size: 1 });
  try {
    await ocrAccuracy(engine, options, figures, details);
  } finally {
    await engine.close();
  }
  await eventLoop(options, figures, details);
  return {
    bench: 'b11-photo-ocr',
    title: 'Photo translate OCR: time per image vs native tesseract; accuracy; event loop under load',
    figures,
    details,
  };
}

export const b11PhotoOcr: Bench = {
  id: 'B11',
  name: 'photo translate OCR (ours vs native tesseract; accuracy matrix; event loop with 4 jobs)',
  aliases: ['b11', 'photo-ocr', 'ocr'],
  run,
};
