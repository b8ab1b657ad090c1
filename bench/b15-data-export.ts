/**
 * B15: the data export of a large account is built without holding the archive in memory (issue 29,
 * decision 032: "Large accounts (10,000 messages, 500 images) complete without holding the whole
 * archive in memory — bench figure: peak memory growth against the archive size").
 *
 * In this process: a database (PGlite in a temp folder, or --postgres) and a file store on disk are
 * seeded with one account of `--messages` messages (in threads of 100, answers of ~1.5 KB of
 * markdown) and `--images` pictures (incompressible 120 KB files, so the zip is about as large as
 * they are). Then, alternating which goes first:
 *
 * - ours: the export as the job runs it, archiveStream → FileStore.putStream (the zip streamed to disk);
 * - baseline: the same archive collected into one Buffer, as a builder that holds it would.
 *
 * Each run starts after a full GC. As the archive is written (at the build's progress callbacks, at
 * most every 250 ms, and at its end) a full GC runs and what is still alive is read: the JS heap
 * plus the buffers outside it (the archive's chunks, pictures read, PGlite's memory). So the figure
 * is what the build holds, not garbage waiting for the collector; its peak growth over the start is
 * reported against the archive's size (RSS beside it, sampled every 10 ms, which the allocator
 * rarely gives back). Target: ours holds at most a quarter of the archive; the baseline holds all of
 * it. The GCs slow both sides alike: the times are for comparing them, not for the record.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { images, messages, threads, users } from '../apps/server/src/db/schema/index.ts';
import { archiveStream } from '../apps/server/src/features/data-export/export-archive.ts';
import { imageFolder } from '../apps/server/src/features/images/images.service.ts';
import { createToolRegistry } from '../apps/server/src/features/tools/tool-registry.ts';
import { createDiskFileStore, type FileStore, newFileName } from '../apps/server/src/lib/storage/file-store.ts';
import type { Bench, Context } from './lib/context.ts';
import { type BenchReport, type Figure, figure, verdict } from './lib/results.ts';
import { mb, ms } from './lib/stats.ts';

/** Ours may grow by at most this share of the archive. */
const TARGET_SHARE = 0.25;
const MESSAGES_PER_THREAD = 100;
const IMAGE_BYTES = 120 * 1024;
/** At most this often a full GC and a reading of what is alive. */
const LIVE_SAMPLE_MS = 250;
const RSS_SAMPLE_MS = 10;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const ANSWER = `## A heading\n\n${'Some **markdown** with a [link](https://example.com/page) and `code`. '.repeat(18)}\n\n| a | b |\n| - | - |\n| 1 | 2 |\n`;

/** What is alive after a full GC. */
function live(): number {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.external + m.arrayBuffers;
}

/**
 * Runs `work`, which calls `sample` as it goes; the peak growth over the start of what is alive (read
 * at most every LIVE_SAMPLE_MS, and at the end) and of RSS.
 */
async function measured<T>(
  work: (sample: (force?: boolean) => void) => Promise<T>,
): Promise<{ result: T; rss: number; js: number; ms: number }> {
  const startJs = live();
  const startRss = process.memoryUsage().rss;
  let peakJs = startJs;
  let peakRss = startRss;
  let sampled = 0;
  const sample = (force = false) => {
    if (!force && performance.now() - sampled < LIVE_SAMPLE_MS) return;
    peakJs = Math.max(peakJs, live());
    sampled = performance.now();
  };
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, RSS_SAMPLE_MS);
  const began = performance.now();
  try {
    const result = await work(sample);
    const took = performance.now() - began;
    peakJs = Math.max(peakJs, live());
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    return { result, rss: peakRss - startRss, js: peakJs - startJs, ms: took };
  } finally {
    clearInterval(timer);
  }
}

async function seed(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  files: FileStore,
  count: { messages: number; images: number },
) {
  const userId = `bench-${randomBytes(6).toString('hex')}`;
  await db
    .insert(users)
    .values({ id: userId, name: 'Bench Person', email: `${userId}@example.com`, emailVerified: true });
  const threadCount = Math.max(1, Math.ceil(count.messages / MESSAGES_PER_THREAD));
  const answers: { threadId: string; answerId: string }[] = [];
  for (let t = 0; t < threadCount; t++) {
    const threadId = `thread-${t}-${randomBytes(4).toString('hex')}`;
    await db
      .insert(threads)
      .values({ id: threadId, userId, toolId: 'image-generator', title: `Chat number ${t}`, modelId: 'gpt-4o-mini' });
    const rows = [];
    for (let m = 0; m < MESSAGES_PER_THREAD && t * MESSAGES_PER_THREAD + m < count.messages; m++) {
      const user = m % 2 === 0;
      const id = `m-${t}-${m}-${randomBytes(4).toString('hex')}`;
      const text = user ? `Question ${m}: draw something for chat ${t}, please.` : ANSWER;
      rows.push({ id, threadId, userId, role: user ? 'user' : 'assistant', parts: [{ type: 'text', text }], text });
      if (!user) answers.push({ threadId, answerId: id });
    }
    await db.insert(messages).values(rows);
  }
  for (let i = 0; i < count.images; i++) {
    const id = `img${i}${randomBytes(6).toString('base64url')}`;
    const fileKey = `${imageFolder(userId)}/${id}.png`;
    await files.put(fileKey, randomBytes(IMAGE_BYTES));
    const answer = answers[i % answers.length];
    await db.insert(images).values({
      id,
      userId,
      toolId: 'image-generator',
      threadId: answer?.threadId,
      answerId: answer?.answerId,
      prompt: `picture ${i}`,
      modelId: 'demo-image',
      aspectRatio: '1:1',
      status: 'ready',
      mediaType: 'image/png',
      fileKey,
      thumbKey: fileKey,
    });
  }
  return userId;
}

async function run({ options }: Context): Promise<BenchReport> {
  const count = {
    messages: options.messages ?? (options.smoke ? 200 : 10_000),
    images: options.images ?? (options.smoke ? 10 : 500),
  };
  const rounds = options.rounds ?? (options.smoke ? 1 : 2);
  const dir = mkdtempSync(join(tmpdir(), 'polymath-b15-'));
  const database = await openDatabase({ url: options.postgres, dataDir: join(dir, 'pglite') });
  const figures: Figure[] = [];
  try {
    await database.migrate();
    const files = createDiskFileStore(join(dir, 'files'));
    const seeded = performance.now();
    const userId = await seed(database.db, files, count);
    console.log(
      `B15 seeded ${count.messages} messages and ${count.images} pictures in ${ms(performance.now() - seeded)}`,
    );
    const deps = { db: database.db, files, imageKinds: createToolRegistry().imageKinds };

    const runs: {
      ours: Awaited<ReturnType<typeof measured<number>>>[];
      baseline: Awaited<ReturnType<typeof measured<number>>>[];
    } = {
      ours: [],
      baseline: [],
    };
    for (let i = 0; i < rounds; i++) {
      const order = i % 2 === 0 ? (['ours', 'baseline'] as const) : (['baseline', 'ours'] as const);
      for (const side of order) {
        if (side === 'ours') {
          const key = `exports/bench/${newFileName('zip')}`;
          // Sampled at the build's progress callbacks like the baseline: without them only the start and
          // the end were read, which says what the build left behind, not what it held while it ran.
          runs.ours.push(
            await measured((sample) =>
              files.putStream(
                key,
                archiveStream(deps, userId, () => sample()),
                { contentType: 'application/zip' },
              ),
            ),
          );
          await files.delete(key);
        } else {
          runs.baseline.push(
            await measured(async (sample) => {
              const chunks: Buffer[] = [];
              for await (const chunk of archiveStream(deps, userId, () => sample())) chunks.push(chunk as Buffer);
              // Still holding every chunk: this reading sees the whole archive.
              sample(true);
              return chunks.reduce((n, c) => n + c.length, 0);
            }),
          );
        }
      }
    }
    const worst = (list: typeof runs.ours) => list.reduce((a, b) => (b.js > a.js ? b : a));
    const ours = worst(runs.ours);
    const base = worst(runs.baseline);
    const size = ours.result;
    figures.push(
      figure('B15', {
        name: 'export peak memory growth',
        text:
          `ours=+${mb(ours.js)} baseline=+${mb(base.js)} archive=${mb(size)} ` +
          `ours/archive=${(ours.js / size).toFixed(2)}x baseline/archive=${(base.js / size).toFixed(2)}x ` +
          `(live after GC; rss ours=+${mb(ours.rss)} baseline=+${mb(base.rss)}) ` +
          `(${count.messages} messages, ${count.images} pictures; worst of ${rounds})`,
        verdict: count.messages < 10_000 || count.images < 500 ? 'SKIP' : verdict(ours.js <= TARGET_SHARE * size),
        target: `ours ≤${TARGET_SHARE}× the archive`,
        values: { oursRss: ours.rss, oursJs: ours.js, baselineRss: base.rss, baselineJs: base.js, archiveBytes: size },
      }),
    );
    figures.push(
      figure('B15', {
        name: 'export time',
        text: `ours=${ms(ours.ms)} baseline=${ms(base.ms)} (${mb(size)} archive)`,
        verdict: 'INFO',
        values: { ours: ours.ms, baseline: base.ms },
      }),
    );
    return {
      bench: 'b15',
      title: 'Data export: peak memory growth against the archive size',
      figures,
      details: { count, rounds, database: database.kind, runs },
    };
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const b15DataExport: Bench = {
  id: 'B15',
  name: 'data-export',
  aliases: ['b15', 'data-export', 'export'],
  run,
};
