import { dataExportStateSchema, PHOTO_TRANSLATE_MODEL_ID, threadExportSchema } from '@polymath/shared';
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../src/app.ts';
import type { AppDeps } from '../src/app-env.ts';
import { dataExports, images, refunds, subscriptionChanges, users } from '../src/db/schema/index.ts';
import { createDataExportJob } from '../src/features/data-export/data-export.job.ts';
import { purgeExpiredExports } from '../src/features/data-export/data-export.service.ts';
import type { PhotoTranslationDesign } from '../src/features/tools/photo-translate/photo-translation-kind.ts';
import { createToolRegistry } from '../src/features/tools/tool-registry.ts';
import { createLogger } from '../src/lib/logger.ts';
import type { JobQueue } from '../src/lib/queue/job-queue.ts';
import {
  AUTH_TEST_ENV,
  type CaptureMailer,
  captureMailer,
  client,
  expectError,
  signedInUser,
  type TestClient,
} from './auth-helpers.ts';
import { createTestDeps, describeEachDatabase } from './databases.ts';
import {
  profileOf,
  seedAccountChats,
  seedImage,
  seedMessage,
  seedThread,
  seedWhatsAppLink,
} from './sharing-helpers.ts';

/** A queue that keeps what is sent; the test works each export job itself, as the queue would. */
function recordingQueue(): JobQueue & { sent: { name: string; payload: { exportId: string } }[] } {
  const sent: { name: string; payload: { exportId: string } }[] = [];
  return {
    sent,
    async send(job, payload) {
      sent.push({ name: job.name, payload: payload as { exportId: string } });
      return `job-${sent.length}`;
    },
    status: async () => null,
    stop: async () => {},
  };
}

/** A photo translation's design as the photo tool stores it: Turkish read, English written. */
const TRANSLATION_DESIGN: PhotoTranslationDesign = {
  kind: 'photo-translate',
  photoId: 'photo-1',
  source: 'auto',
  target: 'en',
  chatModelId: 'gpt-4o-mini',
  modelName: 'GPT-4o mini',
  demo: false,
  stage: null,
  result: {
    source: 'tr',
    requestedSource: 'auto',
    target: 'en',
    segments: [
      {
        id: 's1',
        box: { x: 1, y: 1, width: 6, height: 2 },
        sourceText: 'Mercimek çorbası',
        translatedText: 'Lentil soup',
        redrawn: true,
        confidence: 91,
        lowConfidence: false,
      },
    ],
    noText: false,
    lowConfidence: false,
    demo: false,
    output: { format: 'png', mimeType: 'image/png', width: 8, height: 8 },
  },
};

const run = { id: 'run', retryCount: 0, signal: new AbortController().signal, logger: createLogger('silent') };

describeEachDatabase('data export', (ctx) => {
  let app: App;
  let deps: AppDeps;
  let mailer: CaptureMailer;
  let queue: ReturnType<typeof recordingQueue>;
  let owner: TestClient;
  let ownerId: string;
  let ownerEmail: string;
  let seeded: Awaited<ReturnType<typeof seedAccountChats>>;
  let phone: string;
  let logo: Awaited<ReturnType<typeof seedImage>>;
  let translated: Awaited<ReturnType<typeof seedImage>>;

  /** Works the export job the last POST queued. */
  async function workLastExport() {
    const job = createDataExportJob({
      db: deps.db,
      files: deps.files,
      imageKinds: createToolRegistry().imageKinds,
      mailer,
      publicUrl: deps.env.PUBLIC_URL,
      logger: deps.logger,
    });
    const sent = queue.sent.at(-1);
    if (!sent) throw new Error('no export was queued');
    await job.handler(sent.payload, { ...run, jobs: queue });
  }

  async function state(c: TestClient) {
    const res = await c.get('/api/data-export');
    expect(res.status).toBe(200);
    return dataExportStateSchema.parse(await res.json()).export;
  }

  beforeAll(async () => {
    mailer = captureMailer();
    queue = recordingQueue();
    deps = { ...createTestDeps(ctx.database, { env: AUTH_TEST_ENV, mailer }), jobs: queue };
    // The app sends its jobs to the recording queue.
    app = createApp(deps);
    owner = await signedInUser(app, mailer);
    const profile = await profileOf(owner);
    ownerId = profile.id;
    ownerEmail = profile.email;
    seeded = await seedAccountChats(deps.db, deps.files, ownerId);
    phone = await seedWhatsAppLink(deps.db, ownerId);
    // A text logo: its PNG with its SVG beside it.
    const logoThread = await seedThread(deps.db, ownerId, { toolId: 'logo-maker', title: 'Acme logo' });
    const logoAnswer = await seedMessage(deps.db, ownerId, logoThread, 'assistant', [
      { type: 'text', text: 'Your logo.' },
    ]);
    logo = await seedImage(deps.db, deps.files, ownerId, {
      threadId: logoThread,
      answerId: logoAnswer,
      prompt: 'Acme',
      toolId: 'logo-maker',
    });
    const svgKey = logo.fileKey.replace(/\.png$/, '.svg');
    await deps.files.put(svgKey, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    await deps.db
      .update(images)
      .set({ extraFiles: { svg: svgKey } })
      .where(eq(images.id, logo.id));
    // A translated photo (the photo tool): its texts, read and translated, are in the row's design.
    const translateAnswer = await seedMessage(deps.db, ownerId, logoThread, 'assistant', [
      { type: 'text', text: 'Translated.' },
    ]);
    translated = await seedImage(deps.db, deps.files, ownerId, {
      threadId: logoThread,
      answerId: translateAnswer,
      prompt: 'Menu',
      toolId: 'photo-translate',
      fromPhoto: true,
    });
    await deps.db
      .update(images)
      .set({ modelId: PHOTO_TRANSLATE_MODEL_ID, design: TRANSLATION_DESIGN })
      .where(eq(images.id, translated.id));
    // The money view's records of their subscriptions, beside someone else's and an anonymous one.
    const someoneElse = `someone-else-${ownerId}`;
    await deps.db.insert(users).values({ id: someoneElse, name: 'S', email: `${someoneElse}@example.com` });
    await deps.db.insert(subscriptionChanges).values([
      {
        userId: ownerId,
        provider: 'sandbox',
        subscriptionId: 'sub_sbx_mine',
        change: 'started',
        period: 'monthly',
        amount: 999,
        currency: 'usd',
        at: new Date('2026-10-01T10:00:00Z'),
      },
      {
        userId: ownerId,
        provider: 'sandbox',
        subscriptionId: 'sub_sbx_mine',
        change: 'cancel_requested',
        period: 'monthly',
        amount: 999,
        currency: 'usd',
        at: new Date('2026-10-05T10:00:00Z'),
      },
      {
        userId: someoneElse,
        provider: 'sandbox',
        subscriptionId: 'sub_sbx_theirs',
        change: 'started',
        period: 'week',
        amount: 299,
        currency: 'usd',
      },
      {
        userId: null,
        provider: 'sandbox',
        subscriptionId: 'sub_sbx_gone',
        change: 'started',
        period: 'week',
        amount: 299,
        currency: 'usd',
      },
    ]);
    await deps.db.insert(refunds).values([
      {
        userId: ownerId,
        provider: 'sandbox',
        subscriptionId: 'sub_sbx_dup',
        payment: `pi_mine_${ownerId}`,
        refundId: 're_mine',
        amount: 999,
        currency: 'usd',
        status: 'refunded',
      },
      {
        userId: someoneElse,
        provider: 'sandbox',
        subscriptionId: 'sub_sbx_theirs',
        payment: `pi_theirs_${ownerId}`,
        refundId: 're_theirs',
        amount: 299,
        currency: 'usd',
        status: 'refunded',
      },
    ]);
  });

  it('every route needs a session', async () => {
    const visitor = client(app);
    await expectError(await visitor.get('/api/data-export'), 401, 'UNAUTHORIZED');
    await expectError(await visitor.post('/api/data-export'), 401, 'UNAUTHORIZED');
    await expectError(await visitor.get('/api/data-export/download'), 401, 'UNAUTHORIZED');
    await expectError(await visitor.get(`/api/data-export/threads/${seeded.chat}?format=json`), 401, 'UNAUTHORIZED');
  });

  it('builds one zip with the profile, sign-in methods, billing, every chat as Markdown and JSON, pictures, uploads, PDFs and the WhatsApp link; the person is mailed', async () => {
    expect(await state(owner)).toBeNull();
    const started = await owner.post('/api/data-export');
    expect(started.status, await started.clone().text()).toBe(202);
    expect(dataExportStateSchema.parse(await started.json()).export?.status).toBe('queued');
    // One at a time.
    await expectError(await owner.post('/api/data-export'), 409, 'EXPORT_IN_PROGRESS');
    await expectError(await owner.get('/api/data-export/download'), 404, 'NOT_FOUND');

    await workLastExport();
    const ready = await state(owner);
    expect(ready?.status).toBe('ready');
    expect(ready?.progress.done).toBe(ready?.progress.total);
    expect(ready?.progress.total).toBeGreaterThan(5);
    const days = (Date.parse(ready?.expiresAt ?? '') - Date.parse(ready?.readyAt ?? '')) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);

    const mail = await mailer.next(ownerEmail, 'data-export-ready');
    expect(mail.link).toBe(`${deps.env.PUBLIC_URL}/settings/account`);
    expect(mail.text).toContain('7 days');

    const res = await owner.get('/api/data-export/download');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="polymath-data-\d{4}-\d\d-\d\d\.zip"/,
    );
    const zip = new Uint8Array(await res.arrayBuffer());
    expect(ready?.bytes).toBe(zip.length);
    const entries = unzipSync(zip);
    const names = Object.keys(entries).sort();
    const text = (name: string) => new TextDecoder().decode(entries[name]);
    const jsonOf = (name: string) => JSON.parse(text(name));

    for (const name of [
      'README.txt',
      'profile.json',
      'sign-in-methods.json',
      'sessions.json',
      'billing/subscription.json',
      'billing/payments.json',
      'billing/subscription-changes.json',
      'billing/refunds.json',
      'whatsapp.json',
      'images/images.json',
      'documents/documents.json',
      'schemas/thread.schema.json',
    ]) {
      expect(names).toContain(name);
    }
    expect(jsonOf('profile.json')).toMatchObject({ id: ownerId, email: ownerEmail, plan: 'free' });
    const methods = text('sign-in-methods.json');
    expect(JSON.parse(methods)).toEqual([expect.objectContaining({ provider: 'credential' })]);
    expect(methods).not.toMatch(/password|token|\$2[aby]\$|scrypt/i);
    expect(text('sessions.json')).not.toMatch(/token/i);
    expect(jsonOf('whatsapp.json')).toMatchObject({ phone, country: 'TR' });
    // Billing: their subscription's changes and refunds, no one else's.
    expect(jsonOf('billing/subscription-changes.json')).toEqual([
      {
        provider: 'sandbox',
        subscriptionId: 'sub_sbx_mine',
        change: 'started',
        period: 'monthly',
        amount: 999,
        currency: 'usd',
        at: '2026-10-01T10:00:00.000Z',
      },
      expect.objectContaining({ subscriptionId: 'sub_sbx_mine', change: 'cancel_requested' }),
    ]);
    expect(jsonOf('billing/refunds.json')).toEqual([
      expect.objectContaining({
        subscriptionId: 'sub_sbx_dup',
        payment: `pi_mine_${ownerId}`,
        refundId: 're_mine',
        amount: 999,
        currency: 'usd',
        status: 'refunded',
        reason: null,
      }),
    ]);
    expect(text('README.txt')).toMatch(/billing\/ +your subscription, its changes .*refunds/);

    // Each chat twice: Markdown a person can read, JSON valid against the schema.
    const markdown = names.filter((n) => n.startsWith('threads/') && n.endsWith('.md'));
    const json = names.filter((n) => n.startsWith('threads/') && n.endsWith('.json'));
    expect(markdown).toHaveLength(5);
    expect(json).toHaveLength(5);
    for (const name of json) threadExportSchema.parse(jsonOf(name));
    const trip = markdown.find((n) => n.includes('trip-to-izmir-bold'));
    expect(trip).toBeDefined();
    const tripText = text(trip as string);
    expect(tripText).toContain('# Trip to İzmir \\*\\*bold\\*\\*');
    expect(tripText).toContain('## You ·');
    expect(tripText).toContain('Where should I go? Look at this.');
    expect(tripText).toContain('Visit **Alaçatı** and the [Agora](https://example.com/agora) (p. 2).');
    expect(tripText).toContain(`Photo: [holiday.webp](../uploads/attachments/${seeded.photo.name})`);
    expect(tripText).toMatch(/PDF: \[Report 2026\.pdf\]\(\.\.\/documents\/[\w-]+-Report%202026\.pdf\)/);
    const search = text(markdown.find((n) => n.includes('weather-news')) as string);
    expect(search).toContain('A storm is coming [[1]](https://news.example.org/storm).');
    const draw = markdown.find((n) => n.includes('a-red-square')) as string;
    expect(text(draw)).toMatch(/!\[a red square\]\(\.\.\/images\/\d{4}-\d\d-\d\d-[\w-]+\.png\)/);
    const drawJson = threadExportSchema.parse(jsonOf(draw.replace(/\.md$/, '.json')));
    expect(drawJson.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(drawJson.messages[1]?.parts[0]).toMatchObject({ type: 'tool-generate_image' });

    // The files themselves, byte for byte.
    const picture = names.find((n) => n.startsWith('images/') && n.includes(seeded.image.id));
    expect(picture).toBeDefined();
    expect(Buffer.from(entries[picture as string] as Uint8Array).equals(seeded.image.bytes)).toBe(true);
    expect(
      Buffer.from(entries[`uploads/attachments/${seeded.photo.name}`] as Uint8Array).equals(seeded.photo.bytes),
    ).toBe(true);
    expect(names).toContain(`uploads/photos/${seeded.tattooImage.sourceKey?.split('/').pop()}`);
    const logoSvg = names.find((n) => n.startsWith('images/') && n.endsWith(`${logo.id}.svg`));
    expect(text(logoSvg as string)).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const pdf = names.find((n) => n.startsWith('documents/') && n.endsWith('.pdf')) as string;
    expect(Buffer.from(entries[pdf] as Uint8Array).equals(seeded.pdf.bytes)).toBe(true);
    expect(text(pdf.replace(/\.pdf$/, '.txt'))).toBe(
      '--- Page 1 ---\nRevenue grew by twelve percent.\n\n--- Page 2 ---\nCosts stayed flat.\n\n',
    );
    expect(jsonOf('images/images.json')).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: seeded.image.id, prompt: 'a red square' })]),
    );
    // A photo translation: the picture, the photo it was made from, and what was read and written.
    const index = jsonOf('images/images.json') as { id: string; files: string[]; madeFrom: string | null }[];
    const translation = index.find((row) => row.id === translated.id);
    expect(translation).toMatchObject({
      tool: 'photo-translate',
      madeFrom: `uploads/photos/${translated.sourceKey?.split('/').pop()}`,
      translation: {
        from: 'auto',
        to: 'en',
        result: {
          source: 'tr',
          target: 'en',
          segments: [expect.objectContaining({ sourceText: 'Mercimek çorbası', translatedText: 'Lentil soup' })],
        },
      },
    });
    for (const file of translation?.files ?? []) expect(names).toContain(`images/${file}`);
    expect(translation?.files).toHaveLength(1);
    expect(names).toContain(translation?.madeFrom);
    // Other pictures carry no translation.
    expect(index.find((row) => row.id === seeded.image.id)).not.toHaveProperty('translation');
  });

  it('another person can neither see nor download it', async () => {
    const other = await signedInUser(app, mailer);
    expect(await state(other)).toBeNull();
    await expectError(await other.get('/api/data-export/download'), 404, 'NOT_FOUND');
    await expectError(await other.get(`/api/data-export/threads/${seeded.chat}?format=markdown`), 404, 'NOT_FOUND');
  });

  it('an expired export is gone: not listed, not downloadable, and its file and row are deleted by the purge', async () => {
    const [row] = await deps.db.select().from(dataExports).where(eq(dataExports.userId, ownerId));
    expect(row?.fileKey).toBeTruthy();
    expect(await deps.files.get(row?.fileKey as string)).not.toBeNull();
    await deps.db
      .update(dataExports)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(dataExports.userId, ownerId));
    expect(await state(owner)).toBeNull();
    await expectError(await owner.get('/api/data-export/download'), 404, 'NOT_FOUND');
    expect(await purgeExpiredExports(deps.db, deps.files)).toBeGreaterThanOrEqual(1);
    expect(await deps.files.get(row?.fileKey as string)).toBeNull();
    expect(await deps.db.select().from(dataExports).where(eq(dataExports.userId, ownerId))).toEqual([]);
    // A new one can be asked for.
    expect((await owner.post('/api/data-export')).status).toBe(202);
  });

  describe('one thread from its menu', () => {
    it('downloads as Markdown or JSON, as an attachment named after the thread', async () => {
      const md = await owner.get(`/api/data-export/threads/${seeded.chat}?format=markdown`);
      expect(md.status).toBe(200);
      expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(md.headers.get('content-disposition')).toContain('filename="trip-to-izmir-bold.md"');
      const body = await md.text();
      expect(body).toContain('Where should I go? Look at this.');
      // Without the archive the files are named, not linked.
      expect(body).toContain('Photo: holiday.webp');
      const json = await owner.get(`/api/data-export/threads/${seeded.chat}?format=json`);
      expect(json.status).toBe(200);
      const parsed = threadExportSchema.parse(await json.json());
      expect(parsed.thread).toMatchObject({ id: seeded.chat, toolId: 'web-main' });
      expect(parsed.messages).toHaveLength(2);
    });

    it('refuses an unknown format, a malformed id and a deleted thread', async () => {
      await expectError(
        await owner.get(`/api/data-export/threads/${seeded.chat}?format=pdf`),
        400,
        'VALIDATION_FAILED',
      );
      await expectError(await owner.get(`/api/data-export/threads/${seeded.chat}`), 400, 'VALIDATION_FAILED');
      await expectError(await owner.get('/api/data-export/threads/..%2F..?format=json'), 404, 'NOT_FOUND');
      const gone = await seedThread(deps.db, ownerId, { title: 'Gone' });
      await seedMessage(deps.db, ownerId, gone, 'user', [{ type: 'text', text: 'bye' }]);
      expect((await owner.delete(`/api/threads/${gone}`)).status).toBe(204);
      await expectError(await owner.get(`/api/data-export/threads/${gone}?format=json`), 404, 'NOT_FOUND');
    });
  });

  it("deleting the account deletes its export's file", async () => {
    await workLastExport();
    const [row] = await deps.db.select().from(dataExports).where(eq(dataExports.userId, ownerId));
    expect(row?.status).toBe('ready');
    expect(await deps.files.get(row?.fileKey as string)).not.toBeNull();
    const res = await owner.delete('/api/me', { confirm: true });
    expect(res.status, await res.clone().text()).toBe(204);
    expect(await deps.files.get(row?.fileKey as string)).toBeNull();
    expect(await deps.db.select().from(dataExports).where(eq(dataExports.userId, ownerId))).toEqual([]);
  });
});
