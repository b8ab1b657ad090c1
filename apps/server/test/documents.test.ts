import type { ProviderFakes } from '@polymath/provider-fakes';
import {
  type DocumentItem,
  type DocumentList,
  type DocumentPage,
  documentUrl,
  findPageCitations,
  PDF_MAX_BYTES,
} from '@polymath/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { documentChunks, documentPages, documents, messages } from '../src/db/schema/index.ts';
import {
  assembleDocumentContext,
  demoDocumentScript,
  documentSystemText,
  threadDocuments,
  wholeDocumentBudget,
} from '../src/features/documents/document-turn.ts';
import { documentFolder, readDocument, searchPassages } from '../src/features/documents/documents.service.ts';
import { pdfReader } from '../src/features/documents/pdf-reader.ts';
import {
  AUTH_TEST_ENV,
  type CaptureMailer,
  captureMailer,
  client,
  expectError,
  signedInUser,
  type TestClient,
} from './auth-helpers.ts';
import { chat, newId, providerEnv, setPlan, startProviderFakes, textOf, until } from './chat-helpers.ts';
import { describeEachDatabase } from './databases.ts';
import { imageOnlyPdf, LONG_DOCUMENT, longDocumentPages, textPdf, truncatedPdf } from './pdf-fixtures.ts';
import { startToolsApp, type ToolsApp } from './tools-helpers.ts';

/** Three pages, each with a fact found on no other page. */
const SHORT_PAGES = [
  'Orchard report. The orchard has 412 apple trees planted along the river.',
  'Harvest. The pear harvest started on the ninth of September and lasted eleven days.',
  'Costs. Irrigation pumps cost 7,300 euros to replace after the spring flood.',
];

function upload(c: TestClient, bytes: Uint8Array, name = 'report.pdf', type = 'application/pdf') {
  const form = new FormData();
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return c.request('POST', '/api/documents', { body: form });
}

async function uploaded(c: TestClient, bytes: Uint8Array, name?: string): Promise<DocumentItem> {
  const res = await upload(c, bytes, name);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as DocumentItem;
}

/** Polls the document as the attachment chip does, until it is read (or failed). */
async function settled(c: TestClient, id: string, seen?: DocumentItem[]): Promise<DocumentItem> {
  return until(async () => {
    const item = (await (await c.get(`/api/documents/${id}`)).json()) as DocumentItem;
    seen?.push(item);
    return item.status === 'ready' || item.status === 'failed' ? item : null;
  }, 60_000);
}

/** AI Chat with text and PDFs, as the page sends it. */
function askTurn(text: string, docs: { id: string; name: string }[], threadId = newId('pdf'), modelId = 'gpt-4o-mini') {
  return {
    trigger: 'submit-message',
    threadId,
    toolId: 'web-main',
    modelId,
    locale: 'en',
    message: {
      id: newId('m'),
      role: 'user',
      parts: [
        ...docs.map((d) => ({ type: 'file', mediaType: 'application/pdf', url: documentUrl(d.id), filename: d.name })),
        { type: 'text', text },
      ],
    },
  };
}

/** The system prompt the provider's stand-in was sent with the last chat request. */
function lastSystemPrompt(fakes: ProviderFakes): string {
  const request = fakes
    .requests()
    .filter((r) => r.path.endsWith('/chat/completions'))
    .at(-1);
  const body = request?.body as { messages?: { role: string; content: unknown }[] } | undefined;
  const system = body?.messages?.find((m) => m.role === 'system')?.content;
  return typeof system === 'string' ? system : JSON.stringify(system ?? '');
}

let fakes: ProviderFakes;
let shortPdf: Uint8Array;
let longPdf: Uint8Array;
beforeAll(async () => {
  fakes = await startProviderFakes();
  shortPdf = await textPdf(SHORT_PAGES);
  longPdf = await textPdf(longDocumentPages());
}, 60_000);
afterAll(async () => {
  await fakes.close();
});

/** What these tests rely on that PGlite and PostgreSQL do differently (databases.ts, runsOnPostgres). */
const DATABASE_USE = { exercises: ['job-queue', 'full-text-search'] } as const;

describeEachDatabase('ask PDF: documents, reading, answers with page citations', DATABASE_USE, (ctx) => {
  let tools: ToolsApp;
  let mailer: CaptureMailer;
  let pro: TestClient;
  let proId: string;
  let short: DocumentItem;
  let long: DocumentItem;
  const db = () => ctx.database.db;

  beforeAll(async () => {
    mailer = captureMailer();
    tools = await startToolsApp(ctx.database, {
      mailer,
      env: { ...AUTH_TEST_ENV, ...providerEnv(fakes), CHAT_RATE_LIMIT_MAX: '1000' },
    });
    pro = await signedInUser(tools.app, mailer);
    proId = await setPlan(ctx.database, pro, 'pro');
    short = await uploaded(pro, shortPdf, 'orchard.pdf');
    long = await uploaded(pro, longPdf, 'lighthouse-manual.pdf');
  }, 90_000);
  afterAll(async () => {
    await tools.stop();
  });
  beforeEach(() => fakes.reset());

  it('reads a PDF page by page as a job, with progress, and keeps each page text', async () => {
    expect(short).toMatchObject({ name: 'orchard.pdf', pages: 3, bytes: shortPdf.length, error: null });
    expect(['queued', 'reading', 'ready']).toContain(short.status);
    const seen: DocumentItem[] = [];
    const done = await settled(pro, long.id, seen);
    expect(done).toMatchObject({ status: 'ready', pages: 200, pagesRead: 200 });
    // Progress only moves forward.
    const read = seen.map((s) => s.pagesRead);
    expect([...read].sort((a, b) => a - b)).toEqual(read);
    expect(await settled(pro, short.id)).toMatchObject({ status: 'ready', pagesRead: 3 });

    for (const [i, text] of SHORT_PAGES.entries()) {
      const res = await pro.get(`/api/documents/${short.id}/pages/${i + 1}`);
      expect(res.status).toBe(200);
      const page = (await res.json()) as DocumentPage;
      expect(page).toMatchObject({ documentId: short.id, name: 'orchard.pdf', page: i + 1, pages: 3 });
      expect(page.text.replace(/\s+/g, ' ')).toBe(text);
    }
    await expectError(await pro.get(`/api/documents/${short.id}/pages/4`), 404, 'NOT_FOUND');
    await expectError(await pro.get(`/api/documents/${short.id}/pages/0`), 404, 'NOT_FOUND');

    const stored = await db().select().from(documentPages).where(eq(documentPages.documentId, long.id));
    expect(stored).toHaveLength(200);
    const chunks = await db().select().from(documentChunks).where(eq(documentChunks.documentId, long.id));
    expect(chunks.length).toBeGreaterThanOrEqual(200);
    expect(chunks.every((c) => c.text.length <= 1200)).toBe(true);
  }, 90_000);

  it('a short document goes to the model whole, every page marked, and the answer streams', async () => {
    await settled(pro, short.id);
    const { res, chunks } = await chat(
      pro,
      askTurn('[[fake text="The pear harvest lasted eleven days (p. 2)."]] How long did the pear harvest last?', [
        short,
      ]),
    );
    expect(res.status).toBe(200);
    expect(textOf(chunks)).toBe('The pear harvest lasted eleven days (p. 2).');
    const system = lastSystemPrompt(fakes);
    expect(system).toContain('given="every page"');
    for (const [i, text] of SHORT_PAGES.entries()) expect(system).toContain(`--- p. ${i + 1} ---\n${text}`);
    expect(system).toContain('(p. 12)');
  });

  it('a 200-page document is answered from its best passages: the page that holds the answer', async () => {
    await settled(pro, long.id);
    const { res } = await chat(pro, askTurn(LONG_DOCUMENT.question, [long]));
    expect(res.status).toBe(200);
    const system = lastSystemPrompt(fakes);
    expect(system).toContain('given="best passages"');
    expect(system).toContain(`--- p. ${LONG_DOCUMENT.answerPage} ---`);
    expect(system).toContain('AMBERWOLF');
    // Only a few passages, not the document.
    expect(system.length).toBeLessThan(16_000);
    expect((system.match(/--- p\. \d+ ---/g) ?? []).length).toBeLessThanOrEqual(8);
    // Neighbouring passages of one page are one: page 137 is marked once.
    expect(system.split(`--- p. ${LONG_DOCUMENT.answerPage} ---`)).toHaveLength(2);

    // Retrieval itself: the answer's page comes first.
    const found = await searchPassages(db(), [long.id], LONG_DOCUMENT.question, 8);
    expect(found[0]?.page).toBe(LONG_DOCUMENT.answerPage);
    expect(found[0]?.text).toContain('AMBERWOLF');
  });

  it('several documents are asked at once; a follow-up in the thread still reads them', async () => {
    await settled(pro, short.id);
    await settled(pro, long.id);
    const turn = askTurn('Which trees grow along the river, and what does the lighthouse keeper guard?', [short, long]);
    expect((await chat(pro, turn)).res.status).toBe(200);
    let system = lastSystemPrompt(fakes);
    expect(system).toContain('<document name="orchard.pdf"');
    expect(system).toContain('<document name="lighthouse-manual.pdf"');
    expect(system).toContain('(report.pdf, p. 12)');
    expect(system).toContain('apple trees');
    expect(system).toContain('AMBERWOLF');

    // A follow-up without attachments: the thread's documents are still there.
    fakes.reset();
    const followUp = {
      ...turn,
      message: {
        id: newId('m'),
        role: 'user',
        parts: [{ type: 'text', text: 'How much did the irrigation pumps cost?' }],
      },
    };
    expect((await chat(pro, followUp)).res.status).toBe(200);
    system = lastSystemPrompt(fakes);
    expect(system).toContain('7,300 euros');
    const inThread = await threadDocuments(db(), proId, turn.threadId);
    expect(inThread.map((d) => d.name)).toEqual(['orchard.pdf', 'lighthouse-manual.pdf']);
  });

  it('a turn finds the chat’s documents without reading the whole thread', async () => {
    await settled(pro, short.id);
    const turn = askTurn('Which trees grow along the river?', [short]);
    expect((await chat(pro, turn)).res.status).toBe(200);
    /**
     * The rows of messages a call reads, as PostgreSQL counts them (no plan read): the counts its
     * transaction adds (they may hold the connection's earlier, not yet reported, reads too).
     */
    const messageRowsRead = (call: (tx: Db) => Promise<unknown>) =>
      db().transaction(async (tx) => {
        const readSoFar = async () => {
          const stats = (await tx.execute(
            sql`select coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) as n
                from pg_stat_xact_user_tables where relname = 'messages'`,
          )) as unknown as { rows: { n: number | string }[] };
          return Number(stats.rows[0]?.n ?? 0);
        };
        const before = await readSoFar();
        const result = await call(tx as unknown as Db);
        return { result, read: (await readSoFar()) - before };
      });
    const short10 = await messageRowsRead((tx) => threadDocuments(tx, proId, turn.threadId));
    // A long chat: 600 more messages after the PDF, none with one.
    const rows = Array.from({ length: 600 }, (_, i) => ({
      id: newId('m'),
      threadId: turn.threadId,
      userId: proId,
      role: i % 2 === 0 ? 'user' : 'assistant',
      parts: [{ type: 'text', text: `Message ${i} about apples and pears.` }],
      text: `Message ${i} about apples and pears.`,
    }));
    await db().insert(messages).values(rows);
    await db().execute(sql`analyze messages`);
    const long600 = await messageRowsRead((tx) => threadDocuments(tx, proId, turn.threadId));
    expect((long600.result as { name: string }[]).map((d) => d.name)).toEqual(['orchard.pdf']);
    expect(long600.result).toEqual(short10.result);
    // Only the message that carries the PDF is read, however long the thread.
    expect(long600.read).toBe(1);
    const answered = await chat(pro, {
      ...turn,
      message: { id: newId('m'), role: 'user', parts: [{ type: 'text', text: 'And the pumps?' }] },
    });
    expect(answered.res.status).toBe(200);
    expect(lastSystemPrompt(fakes)).toContain('<document name="orchard.pdf"');
  });

  it("the demo model's answer cites the page that holds the passage it quotes", async () => {
    await settled(pro, long.id);
    const rows = await db().select().from(documents).where(eq(documents.id, long.id));
    for (const [question, budget] of [
      [LONG_DOCUMENT.question, wholeDocumentBudget(16_000, 24_000)],
      ['Where did the board approve a budget for repairs to the car park?', wholeDocumentBudget(16_000, 24_000)],
    ] as const) {
      const context = await assembleDocumentContext(db(), { documents: rows, question, budgetChars: budget });
      expect(context.mode).toBe('passages');
      const answer =
        demoDocumentScript(context, 'en').answer?.({ text: question, input: undefined, locale: 'en', results: [] }) ??
        '';
      const citations = findPageCitations(answer);
      expect(citations).toHaveLength(1);
      const quoted = /> (.+?)… \(p\. \d+\)|> (.+?) \(p\. \d+\)/.exec(answer);
      const quote = (quoted?.[1] ?? quoted?.[2] ?? '').trim();
      expect(quote.length).toBeGreaterThan(20);
      const cited = citations[0]?.pages[0] ?? 0;
      const page = (await (await pro.get(`/api/documents/${long.id}/pages/${cited}`)).json()) as DocumentPage;
      expect(page.text.replace(/\s+/g, ' ')).toContain(quote);
    }
    // And every passage the model is given sits under the page that holds it.
    const context = await assembleDocumentContext(db(), {
      documents: rows,
      question: LONG_DOCUMENT.question,
      budgetChars: 1000,
    });
    const text = documentSystemText(context);
    const shown = context.shown[0]?.pages ?? [];
    expect(shown.length).toBeGreaterThan(0);
    for (const passage of shown) {
      expect(text).toContain(`--- p. ${passage.page} ---\n${passage.text}`);
      const [stored] = await db()
        .select()
        .from(documentPages)
        .where(and(eq(documentPages.documentId, long.id), eq(documentPages.page, passage.page)));
      expect(stored?.text.replace(/\s+/g, ' ')).toContain(passage.text.replace(/\s+/g, ' '));
    }
  });

  it('refuses broken, protected, oversized and non-PDF files with a clear message, storing nothing', async () => {
    const before = (await (await pro.get('/api/documents')).json()) as DocumentList;
    await expectError(await upload(pro, await textPdf(['secret'], { password: 'pw' })), 400, 'PDF_ENCRYPTED');
    await expectError(await upload(pro, await truncatedPdf()), 400, 'PDF_INVALID');
    await expectError(await upload(pro, new TextEncoder().encode('%PDF-1.7\nnot really')), 400, 'PDF_INVALID');
    await expectError(await upload(pro, new TextEncoder().encode('hello'), 'notes.pdf'), 400, 'PDF_INVALID');
    // A real PDF behind anything else (an HTML page here, a polyglot a browser would render as HTML)
    // is not a PDF: the header must be the file's first bytes (decision 023).
    for (const before of ['<html><body><script>alert(document.domain)</script></body></html>\n', '\uFEFF', '\n']) {
      const polyglot = Buffer.concat([Buffer.from(before), shortPdf]);
      await expectError(await upload(pro, polyglot, 'report.pdf'), 400, 'PDF_INVALID');
    }
    await expectError(
      await upload(pro, await textPdf(Array.from({ length: 501 }, () => 'x'))),
      400,
      'PDF_TOO_MANY_PAGES',
    );
    await expectError(await upload(pro, new Uint8Array(PDF_MAX_BYTES + 1)), 413, 'PAYLOAD_TOO_LARGE');
    await expectError(
      await pro.request('POST', '/api/documents', { json: { file: 'x' } }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    // An unsafe call from another site is refused before anything is read.
    const form = new FormData();
    form.set('file', new File([shortPdf as Uint8Array<ArrayBuffer>], 'x.pdf', { type: 'application/pdf' }));
    await expectError(
      await pro.request('POST', '/api/documents', { body: form, origin: 'https://evil.example' }),
      403,
      'WRONG_ORIGIN',
    );
    const after = (await (await pro.get('/api/documents')).json()) as DocumentList;
    expect(after.documents.map((d) => d.id)).toEqual(before.documents.map((d) => d.id));
  }, 60_000);

  it('a PDF without a text layer says so, and cannot be asked about', async () => {
    const scan = await uploaded(pro, await imageOnlyPdf(), 'scan.pdf');
    const done = await settled(pro, scan.id);
    expect(done.status).toBe('failed');
    expect(done.error?.code).toBe('PDF_NO_TEXT');
    expect(done.error?.message).toContain('Scanned documents are not supported yet');
    await expectError(await pro.post('/api/chat', askTurn('What does it say?', [scan])), 400, 'PDF_NO_TEXT');
  });

  it('a document still being read cannot be asked about yet', async () => {
    await settled(pro, short.id);
    await db().update(documents).set({ status: 'reading' }).where(eq(documents.id, short.id));
    try {
      await expectError(await pro.post('/api/chat', askTurn('Anything?', [short])), 409, 'PDF_NOT_READY');
    } finally {
      await db().update(documents).set({ status: 'ready' }).where(eq(documents.id, short.id));
    }
  });

  it('only AI Chat takes documents', async () => {
    const turn = { ...askTurn('draw this', [short]), toolId: 'image-generator' };
    await expectError(await pro.post('/api/chat', turn), 400, 'BAD_REQUEST');
  });

  it("another person's document is refused on every route", async () => {
    const other = await signedInUser(tools.app, mailer);
    await setPlan(ctx.database, other, 'pro');
    const list = (await (await other.get('/api/documents')).json()) as DocumentList;
    expect(list).toEqual({ documents: [], totalBytes: 0 });
    await expectError(await other.get(`/api/documents/${short.id}`), 404, 'NOT_FOUND');
    await expectError(await other.get(`/api/documents/${short.id}/pages/1`), 404, 'NOT_FOUND');
    await expectError(await other.delete(`/api/documents/${short.id}`), 404, 'NOT_FOUND');
    await expectError(await other.post('/api/chat', askTurn('What is in it?', [short])), 400, 'INVALID_FILE');
    // Nothing of it reached a model, and it is still the owner's.
    expect(fakes.requests().filter((r) => r.path.endsWith('/chat/completions'))).toEqual([]);
    expect((await pro.get(`/api/documents/${short.id}`)).status).toBe(200);
    // Signed out: 401 everywhere.
    const anon = client(tools.app);
    for (const [method, path] of [
      ['GET', '/api/documents'],
      ['GET', `/api/documents/${short.id}`],
      ['GET', `/api/documents/${short.id}/pages/1`],
      ['DELETE', `/api/documents/${short.id}`],
    ] as const) {
      await expectError(await anon.request(method, path), 401, 'UNAUTHORIZED');
    }
    await expectError(await upload(anon, shortPdf), 401, 'UNAUTHORIZED');
  });

  it('free users are refused on the server: upload, asking, and a thread that has documents', async () => {
    const free = await signedInUser(tools.app, mailer);
    await setPlan(ctx.database, free, 'free');
    await expectError(await upload(free, shortPdf), 403, 'PDF_REQUIRES_PRO');
    expect((await (await free.get('/api/documents')).json()) as DocumentList).toEqual({ documents: [], totalBytes: 0 });

    // A Pro person who asked about a document and then went back to free.
    const lapsed = await signedInUser(tools.app, mailer);
    await setPlan(ctx.database, lapsed, 'pro');
    const doc = await uploaded(lapsed, shortPdf, 'mine.pdf');
    await settled(lapsed, doc.id);
    const turn = askTurn('How many apple trees are there?', [doc]);
    expect((await chat(lapsed, turn)).res.status).toBe(200);
    await setPlan(ctx.database, lapsed, 'free');
    await expectError(await lapsed.post('/api/chat', askTurn('Again?', [doc])), 403, 'PDF_REQUIRES_PRO');
    const followUp = {
      ...turn,
      message: { id: newId('m'), role: 'user', parts: [{ type: 'text', text: 'And pears?' }] },
    };
    await expectError(await lapsed.post('/api/chat', followUp), 403, 'PDF_REQUIRES_PRO');
    const regenerate = {
      trigger: 'regenerate-message',
      threadId: turn.threadId,
      toolId: 'web-main',
      modelId: 'gpt-4o-mini',
    };
    await expectError(await lapsed.post('/api/chat', regenerate), 403, 'PDF_REQUIRES_PRO');
    // Refused before anything was written: the thread holds the first question and its answer only.
    const thread = (await (await lapsed.get(`/api/threads/${turn.threadId}`)).json()) as { messages: unknown[] };
    expect(thread.messages).toHaveLength(2);
    // Their documents stay theirs: listed, readable and deletable.
    expect(((await (await lapsed.get('/api/documents')).json()) as DocumentList).documents).toHaveLength(1);
    expect((await lapsed.get(`/api/documents/${doc.id}/pages/1`)).status).toBe(200);
    expect((await lapsed.delete(`/api/documents/${doc.id}`)).status).toBe(204);
  });

  it('lists documents with their size; deleting one removes its text and file; the account takes the rest', async () => {
    const owner = await signedInUser(tools.app, mailer);
    const ownerId = await setPlan(ctx.database, owner, 'pro');
    const a = await uploaded(owner, shortPdf, 'a.pdf');
    const b = await uploaded(owner, await textPdf(['Only page.']), 'b.pdf');
    await settled(owner, a.id);
    await settled(owner, b.id);
    const list = (await (await owner.get('/api/documents')).json()) as DocumentList;
    expect(list.documents.map((d) => d.name)).toEqual(['b.pdf', 'a.pdf']);
    expect(list.totalBytes).toBe(a.bytes + b.bytes);

    const files = tools.deps.files;
    expect(await files.get(`${documentFolder(ownerId)}/${a.id}.pdf`)).not.toBeNull();
    expect((await owner.delete(`/api/documents/${a.id}`)).status).toBe(204);
    expect(await files.get(`${documentFolder(ownerId)}/${a.id}.pdf`)).toBeNull();
    expect(await db().select().from(documentPages).where(eq(documentPages.documentId, a.id))).toEqual([]);
    expect(await db().select().from(documentChunks).where(eq(documentChunks.documentId, a.id))).toEqual([]);
    await expectError(await owner.get(`/api/documents/${a.id}`), 404, 'NOT_FOUND');
    await expectError(await owner.delete(`/api/documents/${a.id}`), 404, 'NOT_FOUND');

    await setPlan(ctx.database, owner, 'free');
    expect((await owner.delete('/api/me', { confirm: true })).status).toBe(204);
    expect(await db().select().from(documents).where(eq(documents.userId, ownerId))).toEqual([]);
    expect(await files.get(`${documentFolder(ownerId)}/${b.id}.pdf`)).toBeNull();
    const left = await db().execute(sql`select count(*)::int as n from document_pages where document_id = ${b.id}`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('a reading job that fails part-way goes on from the pages it stored when tried again', async () => {
    const doc = await uploaded(pro, await textPdf(Array.from({ length: 12 }, (_, i) => `Page ${i + 1} text.`)));
    await settled(pro, doc.id);
    // Start over as if the job had stopped after its first step.
    await db().delete(documentPages).where(eq(documentPages.documentId, doc.id));
    await db().update(documents).set({ status: 'reading', pagesRead: 0 }).where(eq(documents.id, doc.id));
    const asked: [number, number][] = [];
    let fail = true;
    const flaky = {
      inspect: pdfReader.inspect,
      async readPages(bytes: Uint8Array, from: number, to: number) {
        asked.push([from, to]);
        if (from > 1 && fail) {
          fail = false;
          throw new Error('worker crashed');
        }
        return pdfReader.readPages(bytes, from, to);
      },
    };
    const deps = { db: db(), files: tools.deps.files, reader: flaky };
    await expect(readDocument(deps, doc.id)).rejects.toThrow('worker crashed');
    expect((await db().select().from(documentPages).where(eq(documentPages.documentId, doc.id))).length).toBe(5);
    await readDocument(deps, doc.id);
    expect(asked).toEqual([
      [1, 5],
      [6, 10],
      [6, 10],
      [11, 12],
    ]);
    const page = (await (await pro.get(`/api/documents/${doc.id}/pages/12`)).json()) as DocumentPage;
    expect(page.text).toBe('Page 12 text.');
    expect(await settled(pro, doc.id)).toMatchObject({ status: 'ready', pagesRead: 12 });
    // Running it again changes nothing.
    await readDocument(deps, doc.id);
    expect(asked).toHaveLength(4);
  });
});
