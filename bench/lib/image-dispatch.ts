/**
 * B12's dispatch half, in this process: the server's own image path without HTTP or a chat turn in
 * front of it. `requestImages` (the transaction generate_image runs: the image row and its job),
 * the job queue at its production timing, and the image job (`createImageJob`: the image model
 * through the AI SDK to the OpenAI stand-in, the content check, the original and a thumbnail stored
 * on disk, the row marked ready), on PGlite in a temp folder or on PostgreSQL. The job's handler is
 * wrapped only to timestamp when it starts and when it has stored the picture.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createOpenAI } from '@ai-sdk/openai';
import { generateImage } from 'ai';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { images, users } from '../../apps/server/src/db/schema/index.ts';
import { loadEnv } from '../../apps/server/src/env.ts';
import { createImageJob } from '../../apps/server/src/features/images/image.job.ts';
import { createImageModelRegistry } from '../../apps/server/src/features/images/image-models.ts';
import { requestImages } from '../../apps/server/src/features/images/images.service.ts';
import { createLogger } from '../../apps/server/src/lib/logger.ts';
import { startJobQueue } from '../../apps/server/src/lib/queue/job-queue.ts';
import { createDiskFileStore } from '../../apps/server/src/lib/storage/file-store.ts';

/** The catalogue's default OpenAI image model, 1:1 (it asks the stand-in for 1024x1024). */
const MODEL = 'gpt-image-1';
const SIZE = '1024x1024';

export type QueuedImage = {
  /** From asking to requestImages returning: the row and its job stored in one transaction. */
  stored: number;
  /** From asking (requestImages) to the job's handler starting: the queue's dispatch. */
  dispatch: number;
  /** From asking to the picture and its thumbnail stored and the row ready. */
  total: number;
  /** The handler alone: model call, content check, thumbnail, files, row. */
  job: number;
};

export type ImageDispatchHarness = {
  database: 'pglite' | 'postgres';
  /** One image through the queue; rejects if it is not ready within the timeout. */
  queued(prompt: string): Promise<QueuedImage>;
  /** The same request straight to the stand-in with the AI SDK; ms to the picture's bytes. */
  direct(prompt: string): Promise<number>;
  close(): Promise<void>;
};

export async function startImageDispatch(options: {
  openaiBaseUrl: string;
  postgresUrl?: string;
}): Promise<ImageDispatchHarness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'polymath-bench-b12-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    OPENAI_API_KEY: 'fake',
    OPENAI_BASE_URL: options.openaiBaseUrl,
  });
  const database = await openDatabase({ url: options.postgresUrl, dataDir });
  await database.migrate();
  const db = database.db;
  const userId = `b12-${randomBytes(8).toString('hex')}`;
  await db.insert(users).values({ id: userId, name: 'Bench', email: `${userId}@example.com`, accessLevel: 'pro' });

  const imageModels = createImageModelRegistry(env);
  if (!imageModels.get(MODEL)?.available) throw new Error(`${MODEL} is not available with the stand-in's key`);
  const job = createImageJob({ db, files: createDiskFileStore(join(dataDir, 'files')), imageModels });
  /** Each image's handler times; created by whichever comes first, the handler or the asker. */
  const runs = new Map<string, { start: number; end: number; ended(): void }>();
  const runOf = (id: string) => {
    let entry = runs.get(id);
    if (!entry) {
      entry = { start: 0, end: 0, ended: () => {} };
      runs.set(id, entry);
    }
    return entry;
  };
  const queue = await startJobQueue({
    connection: database.queueConnection,
    logger: createLogger('warn'),
    jobs: [
      {
        ...job,
        async handler(payload, run) {
          const entry = runOf(payload.imageId);
          if (!entry.start) entry.start = performance.now();
          await job.handler(payload, run);
          entry.end = performance.now();
          entry.ended();
        },
      },
    ],
    // The production timing (DEFAULT_QUEUE_TIMING): what a person's image waits for.
  });

  const openai = createOpenAI({ apiKey: 'fake', baseURL: options.openaiBaseUrl });
  return {
    database: database.kind,
    async queued(prompt) {
      const asked = performance.now();
      const [row] = await requestImages(db, queue, {
        userId,
        toolId: 'image-generator',
        threadId: null,
        answerId: null,
        prompt,
        style: null,
        aspectRatio: '1:1',
        modelId: MODEL,
        count: 1,
        now: new Date(),
      });
      if (!row) throw new Error('requestImages stored no row');
      const stored = performance.now();
      const entry = runOf(row.id);
      if (!entry.end) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`image ${row.id} was not made within 60 s`)), 60_000);
          entry.ended = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      runs.delete(row.id);
      const [made] = await db.select({ status: images.status }).from(images).where(eq(images.id, row.id));
      if (made?.status !== 'ready') throw new Error(`image ${row.id} ended ${made?.status}`);
      return {
        stored: stored - asked,
        dispatch: entry.start - asked,
        total: entry.end - asked,
        job: entry.end - entry.start,
      };
    },
    async direct(prompt) {
      const asked = performance.now();
      const result = await generateImage({ model: openai.image(MODEL), prompt, n: 1, size: SIZE, maxRetries: 0 });
      if (!result.images[0]?.uint8Array.length) throw new Error('the stand-in answered no picture');
      return performance.now() - asked;
    },
    async close() {
      await queue.stop(2000);
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
