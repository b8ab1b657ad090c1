/**
 * B13: fair image jobs (issue 31, part 5; decision 034). A second person's single image, asked for
 * while another person has `--jobs` images queued (default 100), against the same image asked for
 * with nothing queued, in the same run and alternating (alone, loaded; loaded, alone; …). Both are
 * Pro users of one server; the image stand-in holds every image `--delay` ms (default 500). Time =
 * from the image-generator turn sent to the image shown ready by GET /api/images (polled every
 * 50 ms, the same either way). Target: loaded ≤ 2× alone. Before per-person grouping the single
 * image waited behind the whole queue (measured from outside: 64.6 s behind 96, against 0.2–0.6 s).
 */

import { control, queueImages } from './b12-image-jobs.ts';
import { chatHeaders, clientId } from './lib/chat.ts';
import type { Bench, Context } from './lib/context.ts';
import { type BenchReport, type Figure, figure, verdict } from './lib/results.ts';
import { type OurServer, startOurServer } from './lib/server.ts';
import { becomePro, createSession, type Session } from './lib/session.ts';
import { ms, round, roundSummary, summarize } from './lib/stats.ts';

const TARGET_RATIO = 2;

async function run(ctx: Context): Promise<BenchReport> {
  const { options, fakes } = ctx;
  const queued = options.jobs ?? (options.smoke ? 12 : 100);
  const rounds = options.rounds ?? (options.smoke ? 1 : 3);
  const delay = options.delay ?? (options.smoke ? 200 : 500);
  const server = await startOurServer({
    openaiBaseUrl: fakes.openaiBaseUrl,
    postgresUrl: options.postgres,
    env: { PRO_DAILY_IMAGES: '100000' },
  });
  const times = { alone: [] as number[], loaded: [] as number[] };
  const errors: string[] = [];
  try {
    const many = await createSession(server, 'b13-many');
    const one = await createSession(server, 'b13-one');
    await becomePro(server, many);
    await becomePro(server, one);
    // Warm the path: one image each.
    await singleImage(server, one, fakes.url, delay);
    await queueImages(server, many, fakes.url, 1, delay);
    await drained(server, many, 1);

    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? (['alone', 'loaded'] as const) : (['loaded', 'alone'] as const);
      for (const phase of order) {
        try {
          if (phase === 'loaded') await queueImages(server, many, fakes.url, queued, delay);
          times[phase].push(await singleImage(server, one, fakes.url, delay));
          if (phase === 'loaded') await drained(server, many, queued);
        } catch (err) {
          errors.push(`${phase}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    }
  } finally {
    await server.stop();
  }
  const alone = summarize(times.alone);
  const loaded = summarize(times.loaded);
  const ratio = loaded.p50 / alone.p50;
  const figures: Figure[] = [
    figure('B13', {
      name: 'single image with a queue ahead',
      text: `loaded p50=${ms(loaded.p50)} (max ${ms(loaded.max)}) alone p50=${ms(alone.p50)} (max ${ms(alone.max)}) ratio=${ratio.toFixed(2)}× (${queued} images of another person queued, stand-in delay ${delay}ms, ${rounds} rounds, ${server.database})`,
      target: `≤${TARGET_RATIO}×`,
      verdict: alone.n && loaded.n ? verdict(ratio <= TARGET_RATIO) : 'SKIP',
      values: { loadedP50: round(loaded.p50), aloneP50: round(alone.p50), ratio: round(ratio, 3) },
    }),
    figure('B13', {
      name: 'failures',
      text: `${errors.length}${errors[0] ? ` (first: ${errors[0]})` : ''}`,
      verdict: 'INFO',
      values: { failed: errors.length },
    }),
  ];
  return {
    bench: 'b13-fair-jobs',
    title: "A person's single image while another person's images are queued, against alone",
    figures,
    details: {
      queued,
      rounds,
      providerDelayMs: delay,
      ms: { alone: roundSummary(alone), loaded: roundSummary(loaded) },
      errors: errors.slice(0, 10),
    },
  };
}

/** One image-generator turn of one image; the time until GET /api/images shows it ready. */
async function singleImage(server: OurServer, who: Session, fakesUrl: string, delay: number): Promise<number> {
  const before = await newestImageId(server, who);
  const started = performance.now();
  // Its own script goes last: the stand-in takes scripts in order, and every one has the same delay.
  await control(fakesUrl, 'image-script', [{ delayMs: delay }]);
  await sendOne(server, who);
  const deadline = started + 300_000;
  for (;;) {
    const res = await fetch(`${server.url}/api/images?limit=1`, { headers: { cookie: who.cookie } });
    const { images } = (await res.json()) as { images: { id: string; status: string }[] };
    const newest = images[0];
    if (newest && newest.id !== before) {
      if (newest.status === 'ready') return performance.now() - started;
      if (newest.status === 'failed') throw new Error('the single image failed');
    }
    if (performance.now() > deadline) throw new Error('the single image was not made within 300 s');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function newestImageId(server: OurServer, who: Session): Promise<string | undefined> {
  const res = await fetch(`${server.url}/api/images?limit=1`, { headers: { cookie: who.cookie } });
  const { images } = (await res.json()) as { images: { id: string }[] };
  return images[0]?.id;
}

async function sendOne(server: OurServer, who: Session): Promise<void> {
  const res = await fetch(`${server.url}/api/chat`, {
    method: 'POST',
    headers: chatHeaders(server, who),
    body: JSON.stringify({
      trigger: 'submit-message',
      threadId: clientId('bi'),
      toolId: 'image-generator',
      modelId: 'gpt-4o-mini',
      locale: 'en',
      toolInput: {},
      message: {
        id: clientId('bm'),
        role: 'user',
        parts: [{ type: 'text', text: '[[fake tool=generate_image args={"prompt":"bench single","count":1}]] one' }],
      },
    }),
  });
  const body = await res.text();
  if (res.status !== 200 || !body.includes('"ok":true')) throw new Error(`the single image answered ${res.status}`);
}

/** Waits until none of the person's `count` newest images is queued or being made. */
async function drained(server: OurServer, who: Session, count: number): Promise<void> {
  const deadline = performance.now() + 600_000;
  for (;;) {
    // The list gives at most 60 a page; the newest are made last, so they show when all are done.
    const res = await fetch(`${server.url}/api/images?limit=${Math.min(count, 60)}`, {
      headers: { cookie: who.cookie },
    });
    if (!res.ok) throw new Error(`the image list answered ${res.status}: ${await res.text()}`);
    const { images } = (await res.json()) as { images: { status: string }[] };
    if (!images.some((i) => i.status === 'queued' || i.status === 'generating')) return;
    if (performance.now() > deadline) throw new Error('the queued images were not made within 600 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}

export const b13FairJobs: Bench = {
  id: 'B13',
  name: 'fair-jobs',
  aliases: ['b13', 'fair-jobs', 'fair'],
  run,
};
