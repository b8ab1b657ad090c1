/**
 * A local stand-in for the WhatsApp Cloud API (Meta's Graph API) on its real paths and wire format:
 *
 *   POST /v21.0/:phone-number-id/messages     text and template messages (Bearer token)
 *   GET  /v21.0/:phone-number-id              the business number (display_phone_number)
 *   GET  /v21.0/:media-id                     a media object: url, mime_type, file_size
 *   GET  /media/:media-id                     the media's bytes (Bearer token), where that url points
 *
 *   POST /__control/inbound                   { from, text }: someone writes; delivered to `webhook`, signed
 *   GET  /__control/sent                      the messages accepted so far
 *
 * Errors come in the Graph API's shape ({ error: { message, type, code, error_data, fbtrace_id } }):
 * a wrong token (190), a body WhatsApp refuses (100: text over 4,096 characters, no recipient), an
 * unknown template (132001), and whatever a test scripts (`fail`): throughput limits (130429 and the
 * per-recipient 131056), the 24-hour window (131047), undeliverable numbers (131026), outages. A
 * per-recipient pace (`pairRateLimitMs`) answers 131056 as Meta does for messages sent too close
 * together to one number.
 *
 * Webhooks: `inbound()` builds a signed delivery of a message someone sent (text or picture), the
 * way Meta posts it; after every accepted send the stand-in delivers the message's `sent` and
 * `delivered` statuses (signed with the app secret) to `webhook`, when one is set.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const GRAPH_API_VERSION = 'v21.0';

/** Failures a test can script, each answered with Meta's status and error code. */
export const GRAPH_FAILURES = {
  'rate-limit': {
    status: 400,
    code: 130429,
    message: 'Rate limit hit',
    details: 'Cloud API message throughput has been reached.',
  },
  'pair-rate-limit': {
    status: 400,
    code: 131056,
    message: '(Business Account, Consumer Account) pair rate limit hit',
    details: 'Too many messages sent from this phone number to the same phone number in a short period of time.',
  },
  window: {
    status: 400,
    code: 131047,
    message: 'Re-engagement message',
    details:
      'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  },
  undeliverable: {
    status: 400,
    code: 131026,
    message: 'Message undeliverable',
    details:
      'Unable to deliver message. Reasons can include: the recipient phone number is not a WhatsApp phone number.',
  },
  'not-allowed': {
    status: 400,
    code: 131030,
    message: 'Recipient phone number not in allowed list',
    details: 'Add recipient phone number to recipient list and try again.',
  },
  server: { status: 500, code: 1, message: 'An unknown error occurred', details: 'Please retry your request later.' },
} as const;
export type GraphFailure = keyof typeof GRAPH_FAILURES;

/** A message the stand-in accepted. */
export type GraphSentMessage = {
  id: string;
  /** The recipient's digits (wa_id), as sent. */
  to: string;
  type: 'text' | 'template';
  text?: string;
  template?: { name: string; language: string; parameters: string[] };
};

export type GraphFakeRequest = { method: string; path: string; body: unknown; authorization: string | undefined };

export type GraphInbound = {
  /** The sender's digits (wa_id), e.g. 905321234567. */
  from: string;
  text?: string;
  image?: { mediaId: string; caption?: string; mimeType?: string };
  /** Any other message type (audio, sticker, reaction…), with no content. */
  type?: string;
  /** Default: a new wamid. */
  id?: string;
  /** Seconds since the epoch; default now. */
  timestamp?: number;
};

export type GraphStatus = {
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  recipient: string;
  timestamp?: number;
  error?: { code: number; title: string };
};

export type GraphFakeOptions = {
  port?: number;
  host?: string;
  phoneNumberId?: string;
  /** As the Graph API shows it, e.g. "+1 555-010-0000". */
  displayNumber?: string;
  accessToken?: string;
  appSecret?: string;
  /** Templates that exist (others answer 132001). */
  templates?: string[];
  /** Where signed deliveries (statuses after each send) go: a URL, or a function that takes them. */
  webhook?: string | ((rawBody: string, signature: string) => Promise<unknown>);
  /** At least this long between two messages to one number, else 131056. 0 (default): no limit. */
  pairRateLimitMs?: number;
  /** The pace's clock, in ms (default Date.now): a test moves it instead of waiting on a loaded machine. */
  now?: () => number;
};

export type GraphFake = {
  url: string;
  /** WHATSAPP_API_URL: the Graph API base with its version. */
  apiUrl: string;
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  /** The server's WHATSAPP_* settings pointing at this stand-in. */
  env(verifyToken?: string): Record<string, string>;
  /** Accepted messages, in order. */
  sent(): GraphSentMessage[];
  requests(): GraphFakeRequest[];
  /** The next `times` sends (to `to`, when given: digits) fail with `failure`. */
  fail(failure: GraphFailure, options?: { to?: string; times?: number }): void;
  /** Serves these bytes as a media object; returns its id. */
  addMedia(bytes: Uint8Array, mimeType: string): string;
  /** A signed delivery of a message someone sent, as Meta posts it. */
  inbound(message: GraphInbound): { rawBody: string; signature: string; id: string };
  /** A signed delivery of status callbacks. */
  statuses(statuses: GraphStatus[]): { rawBody: string; signature: string };
  /** Resolves once the status deliveries queued so far are done. */
  flush(): Promise<void>;
  reset(): void;
  close(): Promise<void>;
};

const MAX_BODY_BYTES = 1024 * 1024;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function graphError(status: number, code: number, message: string, details?: string) {
  return {
    status,
    body: {
      error: {
        message: `(#${code}) ${message}`,
        type: 'OAuthException',
        code,
        ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
        fbtrace_id: `A${randomBytes(10).toString('base64url')}`,
      },
    },
  };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=UTF-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function wamid(): string {
  return `wamid.HBgL${randomBytes(24).toString('base64url')}`;
}

export async function startGraphFake(options: GraphFakeOptions = {}): Promise<GraphFake> {
  const host = options.host ?? '127.0.0.1';
  const phoneNumberId = options.phoneNumberId ?? '106540352242922';
  const accessToken = options.accessToken ?? 'EAAG-fake-whatsapp-token';
  const appSecret = options.appSecret ?? 'fake-whatsapp-app-secret';
  const displayNumber = options.displayNumber ?? '+1 555-010-0000';
  const templates = new Set(options.templates ?? ['polymath_link_code']);
  let sent: GraphSentMessage[] = [];
  let recorded: GraphFakeRequest[] = [];
  let failures: { failure: GraphFailure; to?: string; left: number }[] = [];
  const media = new Map<string, { bytes: Uint8Array; mimeType: string }>();
  const lastTo = new Map<string, number>();
  let deliveries: Promise<unknown> = Promise.resolve();
  let url = '';

  const sign = (rawBody: string) => `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
  const envelope = (value: object) =>
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: displayNumber.replace(/\D/g, ''), phone_number_id: phoneNumberId },
                ...value,
              },
              field: 'messages',
            },
          ],
        },
      ],
    });

  const statuses = (list: GraphStatus[]) => {
    const rawBody = envelope({
      statuses: list.map((s) => ({
        id: s.id,
        status: s.status,
        timestamp: String(s.timestamp ?? Math.floor(Date.now() / 1000)),
        recipient_id: s.recipient,
        ...(s.status === 'failed' && s.error
          ? { errors: [{ code: s.error.code, title: s.error.title, message: s.error.title }] }
          : {}),
      })),
    });
    return { rawBody, signature: sign(rawBody) };
  };

  const deliver = (delivery: { rawBody: string; signature: string }) => {
    const target = options.webhook;
    if (!target) return;
    deliveries = deliveries.then(async () => {
      try {
        if (typeof target === 'function') await target(delivery.rawBody, delivery.signature);
        else {
          await fetch(target, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-hub-signature-256': delivery.signature },
            body: delivery.rawBody,
            signal: AbortSignal.timeout(20_000),
          });
        }
      } catch (err) {
        console.warn(`WhatsApp stand-in: a status delivery failed: ${(err as Error).message}`);
      }
    });
  };

  function inboundDelivery(message: GraphInbound) {
    const id = message.id ?? wamid();
    const type = message.type ?? (message.image ? 'image' : 'text');
    const content =
      type === 'text'
        ? { text: { body: message.text ?? '' } }
        : type === 'image' && message.image
          ? {
              image: {
                ...(message.image.caption ? { caption: message.image.caption } : {}),
                mime_type: message.image.mimeType ?? 'image/jpeg',
                sha256: 'fake',
                id: message.image.mediaId,
              },
            }
          : {};
    const rawBody = envelope({
      contacts: [{ profile: { name: 'Test Person' }, wa_id: message.from }],
      messages: [
        {
          from: message.from,
          id,
          timestamp: String(message.timestamp ?? Math.floor(Date.now() / 1000)),
          type,
          ...content,
        },
      ],
    });
    return { rawBody, signature: sign(rawBody), id };
  }

  function sendMessage(body: Record<string, unknown>) {
    if (body.messaging_product !== 'whatsapp') {
      return graphError(400, 100, 'Invalid parameter', 'The parameter messaging_product is required.');
    }
    const to = typeof body.to === 'string' ? body.to.replace(/\D/g, '') : '';
    if (!to) return graphError(400, 100, 'Invalid parameter', 'The parameter to is required.');
    const scripted = failures.find((f) => f.left > 0 && (!f.to || f.to === to));
    if (scripted) {
      scripted.left -= 1;
      const f = GRAPH_FAILURES[scripted.failure];
      return graphError(f.status, f.code, f.message, f.details);
    }
    const pace = options.pairRateLimitMs ?? 0;
    const now = (options.now ?? Date.now)();
    const last = lastTo.get(to);
    if (pace > 0 && last !== undefined && now - last < pace) {
      const f = GRAPH_FAILURES['pair-rate-limit'];
      return graphError(f.status, f.code, f.message, f.details);
    }
    let message: GraphSentMessage;
    if (body.type === 'text') {
      const text = (body.text as { body?: unknown } | undefined)?.body;
      if (typeof text !== 'string' || text === '') {
        return graphError(400, 100, 'Invalid parameter', "Param text['body'] is required.");
      }
      if (text.length > 4096) {
        return graphError(400, 100, 'Invalid parameter', "Param text['body'] must be at most 4096 characters long.");
      }
      message = { id: wamid(), to, type: 'text', text };
    } else if (body.type === 'template') {
      const template = body.template as
        | { name?: string; language?: { code?: string }; components?: { parameters?: { text?: string }[] }[] }
        | undefined;
      if (!template?.name || !template.language?.code) {
        return graphError(400, 100, 'Invalid parameter', 'template.name and template.language.code are required.');
      }
      if (!templates.has(template.name)) {
        return graphError(
          404,
          132001,
          'Template name does not exist in the translation',
          `template name (${template.name}) does not exist in ${template.language.code}`,
        );
      }
      const parameters = (template.components ?? []).flatMap((c) => (c.parameters ?? []).map((p) => p.text ?? ''));
      message = {
        id: wamid(),
        to,
        type: 'template',
        template: { name: template.name, language: template.language.code, parameters },
      };
    } else {
      return graphError(400, 100, 'Invalid parameter', `Unsupported message type ${String(body.type)}.`);
    }
    lastTo.set(to, now);
    sent.push(message);
    deliver(statuses([{ id: message.id, status: 'sent', recipient: to }]));
    deliver(statuses([{ id: message.id, status: 'delivered', recipient: to }]));
    return {
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: to }],
        messages: [{ id: message.id }],
      },
    };
  }

  const server = createServer(async (req, res) => {
    const at = new URL(req.url ?? '/', 'http://stand-in');
    const authorization = req.headers.authorization;
    const raw = req.method === 'POST' ? await readBody(req).catch(() => '') : '';
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    if (at.pathname === '/__control/sent' && req.method === 'GET') return json(res, 200, sent);
    if (at.pathname === '/__control/inbound' && req.method === 'POST') {
      const { from, text } = (body ?? {}) as { from?: unknown; text?: unknown };
      if (typeof from !== 'string' || !/^\d{6,20}$/.test(from) || typeof text !== 'string' || !text) {
        return json(res, 400, { error: 'expected { from: "<digits>", text: "<message>" }' });
      }
      const delivery = inboundDelivery({ from, text });
      deliver(delivery);
      await deliveries;
      return json(res, 202, { id: delivery.id });
    }
    recorded.push({ method: req.method ?? 'GET', path: at.pathname, body, authorization });
    if (authorization !== `Bearer ${accessToken}`) {
      const e = graphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
      return json(res, e.status, e.body);
    }
    const mediaFile = /^\/media\/([^/]+)$/.exec(at.pathname);
    if (mediaFile && req.method === 'GET') {
      const item = media.get(mediaFile[1] ?? '');
      if (!item) return json(res, 404, graphError(404, 100, 'Invalid parameter').body);
      res.writeHead(200, { 'content-type': item.mimeType, 'content-length': item.bytes.length });
      return res.end(item.bytes);
    }
    const prefix = `/${GRAPH_API_VERSION}/`;
    if (!at.pathname.startsWith(prefix)) return json(res, 404, graphError(404, 100, 'Unknown path').body);
    const rest = at.pathname.slice(prefix.length).split('/');
    if (rest.length === 2 && rest[0] === phoneNumberId && rest[1] === 'messages' && req.method === 'POST') {
      const answer = sendMessage((typeof body === 'object' && body ? body : {}) as Record<string, unknown>);
      return json(res, answer.status, answer.body);
    }
    if (rest.length === 1 && req.method === 'GET') {
      if (rest[0] === phoneNumberId) {
        return json(res, 200, {
          display_phone_number: displayNumber,
          verified_name: 'Polymath',
          quality_rating: 'GREEN',
          id: phoneNumberId,
        });
      }
      const item = media.get(rest[0] ?? '');
      if (item) {
        return json(res, 200, {
          messaging_product: 'whatsapp',
          url: `${url}/media/${rest[0]}`,
          mime_type: item.mimeType,
          sha256: createHmac('sha256', '').update(item.bytes).digest('hex'),
          file_size: item.bytes.length,
          id: rest[0],
        });
      }
      const e = graphError(400, 100, 'Invalid parameter', 'Unsupported get request. Object does not exist.');
      return json(res, e.status, e.body);
    }
    const e = graphError(400, 100, 'Invalid parameter', `Unknown path components: ${at.pathname}`);
    return json(res, e.status, e.body);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://${host}:${port}`;
  const apiUrl = `${url}/${GRAPH_API_VERSION}`;

  return {
    url,
    apiUrl,
    phoneNumberId,
    accessToken,
    appSecret,
    env: (verifyToken = 'fake-verify-token') => ({
      WHATSAPP_PHONE_NUMBER_ID: phoneNumberId,
      WHATSAPP_ACCESS_TOKEN: accessToken,
      WHATSAPP_APP_SECRET: appSecret,
      WHATSAPP_VERIFY_TOKEN: verifyToken,
      WHATSAPP_API_URL: apiUrl,
    }),
    sent: () => [...sent],
    requests: () => [...recorded],
    fail(failure, opts = {}) {
      failures.push({ failure, left: opts.times ?? 1, ...(opts.to ? { to: opts.to.replace(/\D/g, '') } : {}) });
    },
    addMedia(bytes, mimeType) {
      const id = String(1_000_000_000_000 + media.size);
      media.set(id, { bytes, mimeType });
      return id;
    },
    inbound: inboundDelivery,
    statuses,
    flush: () => deliveries.then(() => undefined),
    reset() {
      sent = [];
      recorded = [];
      failures = [];
      lastTo.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
