import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import {
  CHAT_ATTACHMENT_MAX_BYTES,
  ERROR_MESSAGES,
  PDF_MAX_BYTES,
  PHOTO_TRANSLATE_MAX_BYTES,
  PHOTO_TRANSLATE_MESSAGES,
  PROFILE_PHOTO_MAX_BYTES,
  TATTOO_PHOTO_MAX_BYTES,
  TATTOO_PHOTO_MESSAGES,
} from '@polymath/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHAT_BODY_LIMIT } from '../src/features/chat/chat.routes.ts';
import { createHttpServer } from '../src/http-server.ts';
import { AUTH_TEST_ENV, captureMailer, ORIGIN, signedInUser, type TestClient } from './auth-helpers.ts';
import { setPlan } from './chat-helpers.ts';
import { createTestApp, describeEachDatabase } from './databases.ts';

/**
 * Bodies over a route's limit, sent over a real socket by a client that writes its whole request
 * before it reads the answer (as many HTTP clients do): it must get the 413 and its error body, never
 * a reset connection (ECONNRESET) or a refused write (EPIPE), however fast or slowly it sends and
 * however far over the limit the body is.
 */

/** Upload routes allow 64 KB of multipart framing beyond the file's own limit. */
const FRAMING = 64 * 1024;
/** The body of the probe: a 26 MB PDF. */
const FAR_OVER = 26 * 1024 * 1024;

type Route = { path: string; limit: number; message: string; details?: unknown; multipart?: string };

const ROUTES: Route[] = [
  {
    path: '/api/chat/attachments',
    limit: CHAT_ATTACHMENT_MAX_BYTES + FRAMING,
    message: 'The image is larger than 5 MB.',
    multipart: 'file',
  },
  {
    path: '/api/documents',
    limit: PDF_MAX_BYTES + FRAMING,
    message: 'The PDF is larger than 25 MB.',
    multipart: 'file',
  },
  {
    path: '/api/me/photo',
    limit: PROFILE_PHOTO_MAX_BYTES + FRAMING,
    message: 'The photo is larger than 4 MB.',
    multipart: 'photo',
  },
  {
    path: '/api/tattoo/photos',
    limit: TATTOO_PHOTO_MAX_BYTES + FRAMING,
    message: TATTOO_PHOTO_MESSAGES.tooLarge,
    details: { reason: 'tooLarge' },
    multipart: 'file',
  },
  {
    path: '/api/photo-translate/photos',
    limit: PHOTO_TRANSLATE_MAX_BYTES + FRAMING,
    message: PHOTO_TRANSLATE_MESSAGES.tooLarge,
    details: { reason: 'tooLarge' },
    multipart: 'file',
  },
  { path: '/api/chat', limit: CHAT_BODY_LIMIT, message: 'The message is too long.' },
  // Any other /api/* route: the 64 KB limit on JSON bodies.
  { path: '/api/analytics/page-views', limit: 64 * 1024, message: ERROR_MESSAGES.PAYLOAD_TOO_LARGE },
];

/** fast: as fast as the socket takes it; slow: small pieces with pauses; chunked: fast, no Content-Length. */
type Pace = 'fast' | 'slow' | 'chunked';

describeEachDatabase('bodies over the limit over a real socket', { exercises: [] }, (ctx) => {
  const servers: Server[] = [];
  let port: number;
  /** The same app behind a server that reads at most 1 MB of a body the app left unread. */
  let boundedPort: number;
  let signedIn: TestClient;

  async function listen(server: Server): Promise<number> {
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  beforeAll(async () => {
    const mailer = captureMailer();
    const app = createTestApp(ctx.database, { env: AUTH_TEST_ENV, mailer });
    signedIn = await signedInUser(app, mailer);
    await setPlan(ctx.database, signedIn, 'pro');
    port = await listen(createHttpServer(app.fetch));
    boundedPort = await listen(createHttpServer(app.fetch, { maxUnreadBodyBytes: 1024 * 1024 }));
  });
  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  /** A connection for one test, closed after it. */
  async function connection<T>(to: number, use: (conn: RawConnection) => Promise<T>): Promise<T> {
    const conn = await RawConnection.open(to);
    try {
      return await use(conn);
    } finally {
      conn.destroy();
    }
  }

  for (const route of ROUTES) {
    for (const [size, bytes] of [
      ['just over', route.limit + 1],
      ['far over (26 MB)', FAR_OVER],
    ] as const) {
      for (const pace of ['fast', 'slow', 'chunked'] as const) {
        it(`${route.path}: a body ${size} its limit, sent ${pace} → 413 with the error body`, async () => {
          const res = await connection(port, (conn) => conn.send(requestFor(route, bytes, signedIn), pace));
          expect(res.status).toBe(413);
          expect(res.headers['x-request-id']).toEqual(expect.any(String));
          expect(res.json).toEqual({
            error: {
              code: 'PAYLOAD_TOO_LARGE',
              message: route.message,
              requestId: res.headers['x-request-id'],
              ...(route.details ? { details: route.details } : {}),
            },
          });
        });
      }
    }
  }

  it('an upload without a session, far over the limit and sent slowly → 401 with the error body', async () => {
    const documents = ROUTES.find((r) => r.path === '/api/documents') as Route;
    const req = requestFor(documents, FAR_OVER, signedIn);
    delete req.headers.cookie;
    const res = await connection(port, (conn) => conn.send(req, 'slow'));
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ error: { code: 'UNAUTHORIZED', requestId: res.headers['x-request-id'] } });
  });

  it('after a 413 the connection is still in step: the next request on it is answered', async () => {
    const pageViews = ROUTES.at(-1) as Route;
    await connection(port, async (conn) => {
      expect((await conn.send(requestFor(pageViews, FAR_OVER, signedIn), 'fast')).status).toBe(413);
      await conn.head('/healthz', { host: new URL(ORIGIN).host }, null);
      expect((await conn.response()).status).toBe(200);
    });
  });

  it('a body declared larger than the server reads on: the 413 comes at once with Connection: close', async () => {
    const pageViews = requestFor(ROUTES.at(-1) as Route, 0, signedIn);
    await connection(boundedPort, async (conn) => {
      // Only the head: the server does not wait for 8 MB it would throw away.
      await conn.head(pageViews.path, pageViews.headers, { length: 8 * 1024 * 1024 });
      const res = await conn.response();
      expect(res.status).toBe(413);
      expect(res.headers.connection).toBe('close');
      await conn.ended();
    });
  });

  it('a chunked body that goes on past what the server reads: it stops reading and ends the connection', async () => {
    const pageViews = requestFor(ROUTES.at(-1) as Route, 0, signedIn);
    const sent = await connection(boundedPort, async (conn) => {
      await conn.head(pageViews.path, pageViews.headers, 'chunked');
      const piece = chunk(Buffer.alloc(256 * 1024, 0x61));
      let bytes = 0;
      try {
        while (bytes < FAR_OVER) {
          await conn.write(piece);
          bytes += piece.length;
        }
      } catch {
        // The server ended the connection.
      }
      return bytes;
    });
    expect(sent).toBeLessThan(FAR_OVER);
  });
});

type RawRequest = { path: string; headers: Record<string, string>; prefix: Buffer; fill: number; suffix: Buffer };

/** A multipart upload (or a JSON body) of `bytes` in all, from the signed-in person's browser. */
function requestFor(route: Route, bytes: number, person: TestClient): RawRequest {
  const boundary = 'polymath-test-boundary';
  const [prefix, suffix, contentType] = route.multipart
    ? [
        `--${boundary}\r\nContent-Disposition: form-data; name="${route.multipart}"; filename="big.bin"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
        `\r\n--${boundary}--\r\n`,
        `multipart/form-data; boundary=${boundary}`,
      ]
    : ['{"path":"/","referrer":"', '"}', 'application/json'];
  const head = Buffer.from(prefix);
  const tail = Buffer.from(suffix);
  return {
    path: route.path,
    headers: {
      host: new URL(ORIGIN).host,
      origin: ORIGIN,
      cookie: person.jar.header(),
      'x-forwarded-for': person.ip,
      'content-type': contentType,
    },
    prefix: head,
    fill: bytes - head.length - tail.length,
    suffix: tail,
  };
}

type RawResponse = { status: number; headers: Record<string, string>; json: unknown };

/**
 * One client connection, raw: what it sends is written as given, and everything the server sends
 * is kept; any socket error (ECONNRESET, EPIPE) fails the next step.
 */
class RawConnection {
  private received = Buffer.alloc(0);
  private failure: Error | undefined;
  private readonly closed: Promise<void>;
  private readonly socket: Socket;

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.on('data', (data: Buffer) => {
      this.received = Buffer.concat([this.received, data]);
    });
    socket.on('error', (err) => {
      this.failure ??= err;
    });
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
  }

  static async open(port: number): Promise<RawConnection> {
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    return new RawConnection(socket);
  }

  async write(data: Buffer | string): Promise<void> {
    this.check();
    if (!this.socket.write(data)) {
      await Promise.race([new Promise((resolve) => this.socket.once('drain', resolve)), this.closed]);
    }
    this.check();
  }

  /** The request head; the body framed by Content-Length, or chunked without it. */
  async head(path: string, headers: Record<string, string>, body: { length: number } | 'chunked' | null) {
    const framing =
      body === 'chunked' ? { 'transfer-encoding': 'chunked' } : body ? { 'content-length': String(body.length) } : {};
    const lines = Object.entries({ ...headers, ...framing }).map(([name, value]) => `${name}: ${value}\r\n`);
    await this.write(`${body ? 'POST' : 'GET'} ${path} HTTP/1.1\r\n${lines.join('')}\r\n`);
  }

  /**
   * Writes the whole request, then reads the answer. Pieces are 256 KB (fast, chunked) or 32 KB with
   * a pause after each (slow).
   */
  async send(req: RawRequest, pace: Pace): Promise<RawResponse> {
    const length = req.prefix.length + req.fill + req.suffix.length;
    await this.head(req.path, req.headers, pace === 'chunked' ? 'chunked' : { length });
    const pieceSize = pace === 'slow' ? 32 * 1024 : 256 * 1024;
    const filler = Buffer.alloc(pieceSize, 0x61);
    const pieces = function* () {
      yield req.prefix;
      for (let left = req.fill; left > 0; left -= pieceSize) yield filler.subarray(0, Math.min(pieceSize, left));
      yield req.suffix;
    };
    for (const piece of pieces()) {
      await this.write(pace === 'chunked' ? chunk(piece) : piece);
      if (pace === 'slow') await new Promise((resolve) => setTimeout(resolve, 2));
    }
    if (pace === 'chunked') await this.write('0\r\n\r\n');
    return this.response();
  }

  /** The next answer, once its head and its Content-Length body are in. */
  async response(): Promise<RawResponse> {
    for (;;) {
      const parsed = parseResponse(this.received);
      if (parsed) {
        this.received = this.received.subarray(parsed.size);
        return parsed.response;
      }
      if (this.failure) throw this.failure;
      if (this.socket.destroyed) throw new Error('the connection closed without an answer');
      await Promise.race([new Promise((resolve) => this.socket.once('data', resolve)), this.closed]);
    }
  }

  /** Resolves once the server has closed the connection. */
  async ended(): Promise<void> {
    await this.closed;
  }

  destroy(): void {
    this.socket.destroy();
  }

  private check(): void {
    if (this.failure) throw this.failure;
    if (this.socket.destroyed) throw new Error('the connection closed while the request was being sent');
  }
}

function chunk(data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
}

/** The first response in `data` once its head and its Content-Length body are in, else null. */
function parseResponse(data: Buffer): { response: RawResponse; size: number } | null {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine = '', ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  const length = Number(headers['content-length']);
  if (!Number.isFinite(length)) throw new Error(`an answer without Content-Length: ${statusLine}`);
  if (data.length < end + 4 + length) return null;
  const body = data.subarray(end + 4, end + 4 + length).toString('utf8');
  return {
    response: { status: Number(statusLine.split(' ')[1]), headers, json: body ? JSON.parse(body) : null },
    size: end + 4 + length,
  };
}
