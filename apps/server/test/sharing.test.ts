import {
  continuedChatSchema,
  type Share,
  type SharedChat,
  sharedChatSchema,
  shareListSchema,
  shareSchema,
  threadDetailSchema,
  threadShareSchema,
} from '@polymath/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import type { AppDeps } from '../src/app-env.ts';
import { sharedChats, users } from '../src/db/schema/index.ts';
import { staticFile } from '../src/lib/static-files.ts';
import {
  AUTH_TEST_ENV,
  type CaptureMailer,
  captureMailer,
  client,
  expectError,
  signedInUser,
  type TestClient,
} from './auth-helpers.ts';
import { createTestApp, createTestDeps, describeEachDatabase } from './databases.ts';
import { profileOf, seedAccountChats, seedImage, seedMessage, seedThread } from './sharing-helpers.ts';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="description" content="Polymath: chat with the best AI models.">' +
  '<title>Polymath · AI chat</title></head><body><div id="root"></div></body></html>';

async function share(c: TestClient, threadId: string, settings = { showName: false, includePhotos: false }) {
  const res = await c.request('PUT', `/api/shares/threads/${threadId}`, { json: settings });
  expect(res.status, await res.clone().text()).toBe(200);
  return shareSchema.parse(await res.json());
}

async function readShared(c: TestClient, s: Share): Promise<SharedChat> {
  const res = await c.get(`/api/shared/${s.id}`);
  expect(res.status, await res.clone().text()).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  return sharedChatSchema.parse(await res.json());
}

describeEachDatabase('shared chats', (ctx) => {
  let app: App;
  let deps: AppDeps;
  let mailer: CaptureMailer;
  let owner: TestClient;
  let ownerId: string;
  let ownerEmail: string;
  let other: TestClient;
  let visitor: TestClient;
  let seeded: Awaited<ReturnType<typeof seedAccountChats>>;

  beforeAll(async () => {
    mailer = captureMailer();
    const staticFiles = new Map([['/index.html', staticFile(new TextEncoder().encode(INDEX_HTML), '.html')]]);
    deps = createTestDeps(ctx.database, { env: AUTH_TEST_ENV, mailer, staticFiles });
    app = createTestApp(ctx.database, { env: AUTH_TEST_ENV, mailer, staticFiles, files: deps.files });
    owner = await signedInUser(app, mailer);
    ({ id: ownerId, email: ownerEmail } = await profileOf(owner));
    expect((await owner.patch('/api/me', { displayName: 'Ada L.' })).status).toBe(200);
    other = await signedInUser(app, mailer);
    visitor = client(app);
    seeded = await seedAccountChats(deps.db, deps.files, ownerId);
  });

  it('every owner route needs a session; the public ones do not', async () => {
    const s = await share(owner, seeded.draw);
    await expectError(await visitor.get('/api/shares'), 401, 'UNAUTHORIZED');
    await expectError(await visitor.get(`/api/shares/threads/${seeded.draw}`), 401, 'UNAUTHORIZED');
    await expectError(
      await visitor.request('PUT', `/api/shares/threads/${seeded.draw}`, {
        json: { showName: true, includePhotos: true },
      }),
      401,
      'UNAUTHORIZED',
    );
    await expectError(await visitor.delete(`/api/shares/${s.id}`), 401, 'UNAUTHORIZED');
    await expectError(await visitor.post(`/api/shares/${s.id}/continue`), 401, 'UNAUTHORIZED');
    expect((await visitor.get(`/api/shared/${s.id}`)).status).toBe(200);
  });

  it('a shared chat shows its messages and pictures to anyone with the link, and nothing of its owner but the name they chose', async () => {
    const s = await share(owner, seeded.chat);
    expect(s.path).toBe(`/share/${s.id}`);
    expect(s.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const res = await visitor.get(`/api/shared/${s.id}`);
    const body = await res.text();
    const chat = sharedChatSchema.parse(JSON.parse(body));
    expect(chat).toMatchObject({ title: 'Trip to İzmir **bold**', toolId: 'web-main', sharedBy: null });
    expect(chat.messages.map((m) => [m.role, m.text])).toEqual([
      ['user', 'Where should I go? Look at this.'],
      ['assistant', 'Visit **Alaçatı** and the [Agora](https://example.com/agora) (p. 2).'],
    ]);
    expect(chat.messages[0]?.documents).toEqual([{ name: 'Report 2026.pdf' }]);
    // Their photo was not shared: neither served nor named (its file name may say what it shows); the
    // page shows "Photo not shared" in its place.
    expect(chat.messages[0]?.photos).toEqual([{ name: null, url: null }]);
    for (const secret of [ownerId, ownerEmail, seeded.chat, seeded.pdf.id, seeded.photo.name, 'Ada', 'holiday']) {
      expect(body).not.toContain(secret);
    }

    const named = await share(owner, seeded.draw, { showName: true, includePhotos: false });
    const drawing = await readShared(visitor, named);
    expect(drawing.sharedBy).toBe('Ada L.');
    const picture = drawing.messages[1]?.images[0];
    expect(picture).toMatchObject({ alt: 'a red square', width: 8, height: 8 });
    const file = await visitor.get(picture?.url as string);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(seeded.image.bytes)).toBe(true);
    expect((await visitor.get(picture?.thumbUrl as string)).headers.get('content-type')).toBe('image/webp');
  });

  it('web search answers keep their citations as links; a PDF answer its page citations as text', async () => {
    const chat = await readShared(visitor, await share(owner, seeded.search));
    expect(chat.messages[1]?.text).toBe('A storm is coming [[1]](https://news.example.org/storm).');
  });

  it('serves only the pictures of the snapshot: not the owner’s others, not through another link', async () => {
    const s = await share(owner, seeded.draw);
    const notShared = await seedImage(deps.db, deps.files, ownerId, {
      threadId: seeded.chat,
      answerId: seeded.chatAnswer,
      prompt: 'private',
    });
    await expectError(await visitor.get(`/api/shared/${s.id}/images/${notShared.id}`), 404, 'NOT_FOUND');
    const chatShare = await share(owner, seeded.chat);
    await expectError(await visitor.get(`/api/shared/${chatShare.id}/images/${seeded.image.id}`), 404, 'NOT_FOUND');
    await expectError(await visitor.get(`/api/shared/${s.id}/images/..%2F..%2Fsecrets`), 404, 'NOT_FOUND');
    await expectError(await visitor.get(`/api/shared/${s.id}/photos/${seeded.photo.name}`), 404, 'NOT_FOUND');
  });

  it('a photo the person uploaded is shared only when they say so, with the pictures made from it', async () => {
    const asked = threadShareSchema.parse(await (await owner.get(`/api/shares/threads/${seeded.chat}`)).json());
    expect(asked.uploadedPhotos).toBe(1);
    expect(asked.displayName).toBe('Ada L.');
    const tattooAsked = threadShareSchema.parse(await (await owner.get(`/api/shares/threads/${seeded.tattoo}`)).json());
    expect(tattooAsked.uploadedPhotos).toBe(1);

    const withheld = await readShared(
      visitor,
      await share(owner, seeded.tattoo, { showName: false, includePhotos: false }),
    );
    expect(withheld.messages[1]).toMatchObject({ images: [], withheldImages: 1 });
    await expectError(
      await visitor.get(`/api/shared/${(await share(owner, seeded.tattoo)).id}/images/${seeded.tattooImage.id}`),
      404,
      'NOT_FOUND',
    );

    const withPhotos = await share(owner, seeded.chat, { showName: false, includePhotos: true });
    const chat = await readShared(visitor, withPhotos);
    const photo = chat.messages[0]?.photos[0];
    expect(photo?.name).toBe('holiday.webp');
    const res = await visitor.get(photo?.url as string);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(seeded.photo.bytes)).toBe(true);
    const tattoo = await readShared(
      visitor,
      await share(owner, seeded.tattoo, { showName: false, includePhotos: true }),
    );
    expect(tattoo.messages[1]).toMatchObject({
      withheldImages: 0,
      images: [expect.objectContaining({ alt: 'a rose' })],
    });
  });

  it('is a snapshot: later messages show only once the owner updates the link, which keeps its address', async () => {
    const thread = await seedThread(deps.db, ownerId, { title: 'Snapshot' });
    await seedMessage(deps.db, ownerId, thread, 'user', [{ type: 'text', text: 'first' }]);
    await seedMessage(
      deps.db,
      ownerId,
      thread,
      'assistant',
      [{ type: 'text', text: 'an answer still being written' }],
      'streaming',
    );
    const first = await share(owner, thread);
    expect((await readShared(visitor, first)).messages.map((m) => m.text)).toEqual(['first']);
    await seedMessage(deps.db, ownerId, thread, 'user', [{ type: 'text', text: 'second' }]);
    expect((await readShared(visitor, first)).messages.map((m) => m.text)).toEqual(['first']);
    const updated = await share(owner, thread);
    expect(updated.id).toBe(first.id);
    expect(updated.messageCount).toBe(2);
    expect((await readShared(visitor, first)).messages.map((m) => m.text)).toEqual(['first', 'second']);
  });

  it('another person can neither share, see, list nor revoke the owner’s links', async () => {
    const s = await share(owner, seeded.draw);
    await expectError(
      await other.request('PUT', `/api/shares/threads/${seeded.draw}`, {
        json: { showName: false, includePhotos: true },
      }),
      404,
      'NOT_FOUND',
    );
    await expectError(await other.get(`/api/shares/threads/${seeded.draw}`), 404, 'NOT_FOUND');
    await expectError(await other.delete(`/api/shares/${s.id}`), 404, 'NOT_FOUND');
    const theirs = shareListSchema.parse(await (await other.get('/api/shares')).json());
    expect(theirs.shares).toEqual([]);
    const mine = shareListSchema.parse(await (await owner.get('/api/shares')).json());
    expect(mine.shares.map((x) => x.threadId)).toContain(seeded.draw);
    expect((await visitor.get(`/api/shared/${s.id}`)).status).toBe(200);
  });

  it('refuses bad input with a 4xx', async () => {
    await expectError(
      await owner.request('PUT', `/api/shares/threads/${seeded.draw}`, { json: { showName: 'yes' } }),
      400,
      'VALIDATION_FAILED',
    );
    await expectError(
      await owner.request('PUT', `/api/shares/threads/${seeded.draw}`, {
        json: { showName: true, includePhotos: true, userId: ownerId },
      }),
      400,
      'VALIDATION_FAILED',
    );
    await expectError(await owner.get('/api/shares/threads/x'), 404, 'NOT_FOUND');
    await expectError(await visitor.get('/api/shared/not-a-share'), 404, 'NOT_FOUND');
    await expectError(await visitor.get(`/api/shared/${'A'.repeat(22)}`), 404, 'NOT_FOUND');
    await expectError(await owner.delete(`/api/shares/${'A'.repeat(22)}`), 404, 'NOT_FOUND');
  });

  it('revoking turns the link off at once: the page and its pictures say so, and it leaves the list', async () => {
    const s = await share(owner, seeded.draw);
    const picture = (await readShared(visitor, s)).messages[1]?.images[0]?.url as string;
    expect((await owner.delete(`/api/shares/${s.id}`)).status).toBe(204);
    const gone = await expectError(await visitor.get(`/api/shared/${s.id}`), 410, 'SHARE_REVOKED');
    expect(gone.error.message).toBe('This link was turned off by the person who shared the chat.');
    await expectError(await visitor.get(picture), 404, 'NOT_FOUND');
    await expectError(await owner.delete(`/api/shares/${s.id}`), 404, 'NOT_FOUND');
    const list = shareListSchema.parse(await (await owner.get('/api/shares')).json());
    expect(list.shares.map((x) => x.id)).not.toContain(s.id);
    // Sharing again makes a new link; the old one stays off.
    const again = await share(owner, seeded.draw);
    expect(again.id).not.toBe(s.id);
    await expectError(await visitor.get(`/api/shared/${s.id}`), 410, 'SHARE_REVOKED');
  });

  it('deleting the thread turns its link off at once; undoing the delete brings it back', async () => {
    const thread = await seedThread(deps.db, ownerId, { title: 'To delete' });
    await seedMessage(deps.db, ownerId, thread, 'user', [{ type: 'text', text: 'hello' }]);
    const s = await share(owner, thread);
    expect((await owner.delete(`/api/threads/${thread}`)).status).toBe(204);
    await expectError(await visitor.get(`/api/shared/${s.id}`), 410, 'SHARE_REVOKED');
    expect((await owner.post(`/api/threads/${thread}/restore`)).status).toBe(200);
    expect((await visitor.get(`/api/shared/${s.id}`)).status).toBe(200);
  });

  it('"Continue this chat" copies it into the signed-in visitor’s own history', async () => {
    const s = await share(owner, seeded.draw);
    const res = await other.post(`/api/shares/${s.id}/continue`);
    expect(res.status, await res.clone().text()).toBe(201);
    const copy = continuedChatSchema.parse(await res.json());
    expect(copy).toMatchObject({ toolId: 'image-generator', path: `/image-generator/${copy.threadId}` });
    const detail = threadDetailSchema.parse(await (await other.get(`/api/threads/${copy.threadId}`)).json());
    expect(detail.thread.title).toBe('A red square');
    expect(detail.messages.map((m) => [m.role, m.parts])).toEqual([
      ['user', [{ type: 'text', text: 'Draw a red square' }]],
      ['assistant', [{ type: 'text', text: 'Here is your red square.\n\n🖼 a red square' }]],
    ]);
    // It is theirs alone: the owner does not see it, and the shared link is unchanged.
    await expectError(await owner.get(`/api/threads/${copy.threadId}`), 404, 'NOT_FOUND');
    expect((await readShared(visitor, s)).messages).toHaveLength(2);
    expect((await owner.delete(`/api/shares/${s.id}`)).status).toBe(204);
    await expectError(await other.post(`/api/shares/${s.id}/continue`), 410, 'SHARE_REVOKED');
  });

  it("a withheld photo's file name reaches no visitor: not the page, not a copy, not from a snapshot that kept it", async () => {
    const s = await share(owner, seeded.chat, { showName: false, includePhotos: false });
    const stored = await deps.db.select().from(sharedChats).where(eq(sharedChats.id, s.id));
    expect(JSON.stringify(stored[0]?.snapshot)).not.toContain('holiday');

    // A copy names it in the visitor's language, without its file name.
    const copyText = async () => {
      const copy = continuedChatSchema.parse(await (await other.post(`/api/shares/${s.id}/continue`)).json());
      const detail = threadDetailSchema.parse(await (await other.get(`/api/threads/${copy.threadId}`)).json());
      return JSON.stringify(detail.messages[0]?.parts);
    };
    const english = await copyText();
    expect(english).toContain('📷 Photo not shared');
    expect(english).not.toContain('holiday');
    const otherId = (await profileOf(other)).id;
    await deps.db.update(users).set({ locale: 'tr' }).where(eq(users.id, otherId));
    try {
      expect(await copyText()).toContain('📷 Fotoğraf paylaşılmadı');
    } finally {
      await deps.db.update(users).set({ locale: 'en' }).where(eq(users.id, otherId));
    }

    // A snapshot taken before withheld photos lost their names still holds one: never sent.
    const snapshot = stored[0]?.snapshot as { messages: { photos: { name: string | null; file: string | null }[] }[] };
    const old = structuredClone(snapshot);
    for (const photo of old.messages[0]?.photos ?? []) photo.name = 'holiday.webp';
    await deps.db.update(sharedChats).set({ snapshot: old }).where(eq(sharedChats.id, s.id));
    const res = await visitor.get(`/api/shared/${s.id}`);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).not.toContain('holiday');
    expect(sharedChatSchema.parse(JSON.parse(body)).messages[0]?.photos).toEqual([{ name: null, url: null }]);
    expect(await copyText()).not.toContain('holiday');
  });

  it('a WhatsApp chat shares like any other and continues in AI Chat', async () => {
    const thread = await seedThread(deps.db, ownerId, { toolId: 'whatsapp', title: 'WhatsApp' });
    await seedMessage(deps.db, ownerId, thread, 'user', [{ type: 'text', text: 'Hi from my phone' }]);
    await seedMessage(deps.db, ownerId, thread, 'assistant', [{ type: 'text', text: 'Hello *there*' }]);
    const s = await share(owner, thread);
    const chat = await readShared(visitor, s);
    expect(chat).toMatchObject({ toolId: 'whatsapp', title: 'WhatsApp' });
    expect(chat.messages.map((m) => m.text)).toEqual(['Hi from my phone', 'Hello *there*']);
    const copy = continuedChatSchema.parse(await (await other.post(`/api/shares/${s.id}/continue`)).json());
    expect(copy).toMatchObject({ toolId: 'web-main', path: `/web-main/${copy.threadId}` });
  });

  describe('the page at /share/<id>', () => {
    it('carries the title and description for link previews in its head, escaped, and is noindex', async () => {
      const thread = await seedThread(deps.db, ownerId, { title: '"><script>alert(1)</script> & co' });
      await seedMessage(deps.db, ownerId, thread, 'user', [
        { type: 'text', text: 'What is <b>bold</b>\nand "quoted"?' },
      ]);
      const s = await share(owner, thread);
      const res = await visitor.get(`/share/${s.id}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      const html = await res.text();
      expect(html).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; co · Polymath</title>');
      expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(html).toContain(
        '<meta property="og:title" content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; co">',
      );
      expect(html).toContain(
        '<meta property="og:description" content="What is &lt;b&gt;bold&lt;/b&gt; and &quot;quoted&quot;?">',
      );
      expect(html).toContain(
        '<meta name="description" content="What is &lt;b&gt;bold&lt;/b&gt; and &quot;quoted&quot;?">',
      );
      expect(html).not.toContain('<script>alert(1)');
      expect(html.match(/<title>/g)).toHaveLength(1);
    });

    it('says 410 for a link turned off and 404 for one that never was, still noindex', async () => {
      const thread = await seedThread(deps.db, ownerId, { title: 'Soon off' });
      const s = await share(owner, thread);
      expect((await owner.delete(`/api/shares/${s.id}`)).status).toBe(204);
      const off = await visitor.get(`/share/${s.id}`);
      expect(off.status).toBe(410);
      expect(await off.text()).toContain('<meta name="robots" content="noindex, nofollow">');
      const never = await visitor.get(`/share/${'B'.repeat(22)}`);
      expect(never.status).toBe(404);
      expect(never.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    });
  });
});
