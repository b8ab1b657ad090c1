/**
 * A local stand-in for the Stripe API on Stripe's real paths and wire format (form-encoded requests,
 * JSON responses, Stripe's error bodies, signed webhooks), so the real `stripe` SDK can be pointed at it:
 *
 *   new Stripe('sk_test_…', { host: fake.host, port: fake.port, protocol: fake.protocol })
 *
 *   POST   /v1/checkout/sessions              mode=subscription with one line item
 *   GET    /v1/checkout/sessions/:id
 *   GET    /v1/subscriptions/:id
 *   POST   /v1/subscriptions/:id              cancel_at_period_end, metadata
 *   DELETE /v1/subscriptions/:id              cancel now
 *   POST   /v1/billing_portal/sessions        customer, return_url
 *   GET    /v1/prices/:id
 *   GET    /v1/invoices                       subscription, customer, status, limit, starting_after
 *   GET    /v1/invoice_payments               invoice, status, limit, starting_after
 *   GET    /v1/payment_intents/:id
 *   GET    /v1/charges/:id
 *   POST   /v1/refunds                        payment_intent or charge, amount, reason, metadata
 *
 *   GET  /checkout/:id                        the hosted checkout page: Pay / Cancel
 *   POST /checkout/:id/pay                    completes the session, delivers its webhooks, 303 to success_url
 *   GET  /billing_portal/:id                  the customer's subscriptions: Cancel at period end / Resume / Return
 *   POST /billing_portal/:id/subscriptions/:sub/cancel|resume
 *
 * Tests drive the rest of a subscription's life through the handle (completeCheckout, endPeriod, failPayment,
 * cancelNow, …); each state change returns the events Stripe would send and, when `webhook` is set, POSTs
 * them there signed with the secret, one request per event, in order. Changes made through the API (POST or
 * DELETE /v1/subscriptions/:id) deliver their events just after the response, as Stripe does; `flushWebhooks()`
 * waits for those.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FormBodyError, type FormObject, parseFormBody } from './form-body.ts';
import { checkoutPage, messagePage, portalPage } from './pages.ts';
import { booleanParam, metadataParam } from './params.ts';
import { apiError, invalidRequest, resourceMissing, StripeFakeHttpError, unrecognizedUrl } from './stripe-errors.ts';
import {
  STRIPE_API_VERSION,
  type StripeEventObject,
  type StripeFakePrice,
  type StripeFakeTaxRate,
} from './stripe-objects.ts';
import { createStripeState } from './stripe-state.ts';
import { createWebhookSender, type StripeWebhookDelivery } from './webhooks.ts';

export type { StripeWebhookDelivery } from './webhooks.ts';

export interface StripeFakeOptions {
  /** 0 (the default) = any free port. */
  port?: number;
  /** price id -> price. */
  prices: Record<string, StripeFakePrice>;
  /**
   * Tax rates for `subscription_data[default_tax_rates]`, by id; they add (exclusive) or split out (inclusive)
   * tax in the session's and invoices' amounts. An id not listed is accepted as a 0% exclusive rate.
   */
  taxRates?: Record<string, StripeFakeTaxRate>;
  /**
   * When set, every state change POSTs its events here, signed like Stripe (a Stripe-Signature header made with
   * the stripe SDK's webhooks.generateTestHeaderString using this secret), one request per event, in order.
   */
  webhook?: { url: string; secret: string };
  /** Seconds since epoch; default Math.floor(Date.now()/1000). Lets tests move time. */
  now?: () => number;
}

export type StripeFakeRequest = {
  method: string;
  /** The path without the query. */
  path: string;
  /** The parsed form body (POST) or query (GET, DELETE); leaves are strings as sent. */
  body: Record<string, unknown>;
};

export interface StripeFake {
  url: string;
  host: string;
  port: number;
  protocol: 'http';
  close(): Promise<void>;
  /** Every API request received (under /v1, including refused and failed ones): method, path, parsed body/query. */
  requests: StripeFakeRequest[];
  /** Every event emitted, in order. */
  events: StripeEventObject[];
  /** Every webhook delivery attempted, in order (empty without `webhook`). */
  deliveries: StripeWebhookDelivery[];
  /** Resolves once every queued webhook delivery has finished (those triggered by API requests run after the response). */
  flushWebhooks(): Promise<void>;
  /**
   * Pay an open checkout session: creates the customer (unless the session had one) and an active subscription
   * for the session's price, period now..now+interval, metadata from subscription_data.metadata; marks the session
   * complete/paid with its subscription and customer ids. Returns checkout.session.completed,
   * customer.subscription.created, invoice.paid, delivered when `webhook` is set. Throws if the session is
   * unknown or not open, or if a delivery is refused.
   */
  completeCheckout(sessionId: string): Promise<StripeEventObject[]>;
  /**
   * Sets cancel_at_period_end (and cancel_at to the period end, canceled_at to now; or both null); returns
   * [customer.subscription.updated] with previous_attributes, or [] when the value does not change.
   */
  setCancelAtPeriodEnd(subscriptionId: string, value: boolean): Promise<StripeEventObject[]>;
  /**
   * The period ends: if cancel_at_period_end, status 'canceled', ended_at = the period end
   * -> [customer.subscription.deleted]; otherwise renews (item current_period_start/end move one interval,
   * a paid invoice, past_due becomes active) -> [invoice.paid, customer.subscription.updated].
   */
  endPeriod(subscriptionId: string): Promise<StripeEventObject[]>;
  /**
   * A renewal payment fails: the period moves on with an open invoice and status 'past_due'
   * -> [invoice.payment_failed, customer.subscription.updated]. Failing again while past_due retries the
   * same invoice -> [invoice.payment_failed].
   */
  failPayment(subscriptionId: string): Promise<StripeEventObject[]>;
  /** Cancels immediately: status 'canceled' -> [customer.subscription.deleted]. */
  cancelNow(subscriptionId: string): Promise<StripeEventObject[]>;
  /** The stored subscription object as the API would return it (a copy). */
  subscription(id: string): Record<string, unknown> | undefined;
  /** Every refund made (POST /v1/refunds), oldest first (copies). */
  refunds(): Record<string, unknown>[];
  /**
   * The next n API requests fail with this status (default 500) and Stripe's error body
   * ({error:{type:'api_error', message}}), to simulate an outage. The stripe SDK retries 5xx answers
   * (maxNetworkRetries, 2 by default), and each retry counts as a request. With `only`, just the requests
   * it picks fail (and count); the others are answered as usual.
   */
  failNextRequests(n: number, status?: number, only?: (request: StripeFakeRequest) => boolean): void;
}

type Stored = { method: string; path: string; raw: string; status: number; body: unknown };

const MAX_BODY_BYTES = 1024 * 1024;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(invalidRequest('Request body too large.', undefined, undefined, 413));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function header(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

/** The secret key of a request: `Authorization: Bearer sk_…`, or Basic with the key as user name (curl -u). */
function apiKey(req: IncomingMessage): string | undefined {
  const auth = header(req, 'authorization');
  const bearer = /^Bearer\s+(\S+)$/i.exec(auth);
  if (bearer) return bearer[1];
  const basic = /^Basic\s+(\S+)$/i.exec(auth);
  if (basic?.[1]) return Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0];
  return undefined;
}

function maskKey(key: string): string {
  if (key.length <= 12) return `${key.slice(0, 3)}${'*'.repeat(Math.max(0, key.length - 3))}`;
  const prefix = key.slice(0, key.lastIndexOf('_') + 1 || 3);
  return `${prefix}${'*'.repeat(Math.max(4, key.length - prefix.length - 4))}${key.slice(-4)}`;
}

function idFromPath(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

// ------------------------------------------------------------------------------------------- the server

export async function startStripeFake(options: StripeFakeOptions): Promise<StripeFake> {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const host = '127.0.0.1';

  let url = '';
  const state = createStripeState({
    prices: options.prices,
    taxRates: options.taxRates,
    now,
    pendingWebhooks: options.webhook ? 1 : 0,
    baseUrl: () => url,
  });
  const webhooks = createWebhookSender(options.webhook);
  const idempotent = new Map<string, Stored>();
  const requests: StripeFakeRequest[] = [];
  const failing: { remaining: number; status: number; only?: (request: StripeFakeRequest) => boolean } = {
    remaining: 0,
    status: 500,
  };

  // ------------------------------------------------------------------------------------------- API

  type ApiAnswer = { status: number; body: unknown; after?: StripeEventObject[] };

  function route(method: string, path: string, params: FormObject): ApiAnswer {
    const parts = path.split('/').slice(1); // ['v1', …]
    const [, first, second, third, fourth] = parts;
    if (first === 'checkout' && second === 'sessions' && fourth === undefined) {
      if (third === undefined && method === 'POST') {
        return { status: 200, body: state.present(state.createCheckoutSession(params), params) };
      }
      if (third !== undefined && method === 'GET') {
        const id = idFromPath(third);
        const session = state.sessions.get(id);
        if (!session) throw resourceMissing('checkout.session', id);
        return { status: 200, body: state.present(state.refresh(session.object), params) };
      }
    }
    if (first === 'prices' && second !== undefined && third === undefined && method === 'GET') {
      const id = idFromPath(second);
      const price = state.prices.get(id);
      if (!price) throw resourceMissing('price', id);
      return { status: 200, body: state.present(price, params) };
    }
    if (first === 'subscriptions' && second !== undefined && third === undefined) {
      const id = idFromPath(second);
      if (method === 'GET') return { status: 200, body: state.present(state.findSubscription(id).object, params) };
      if (method === 'POST') {
        const supported = new Set(['cancel_at_period_end', 'metadata', 'expand', 'proration_behavior']);
        for (const key of Object.keys(params)) {
          if (!supported.has(key))
            throw invalidRequest(`The Stripe stand-in does not support the parameter: ${key}`, key);
        }
        const cancelAtPeriodEnd =
          params.cancel_at_period_end === undefined
            ? undefined
            : booleanParam(params.cancel_at_period_end, 'cancel_at_period_end');
        const metadata = metadataParam(params.metadata, 'metadata');
        const after = state.updateSubscription(id, {
          ...(cancelAtPeriodEnd === undefined ? {} : { cancelAtPeriodEnd }),
          ...(metadata === undefined ? {} : { metadata }),
        });
        return { status: 200, body: state.present(state.findSubscription(id).object, params), after };
      }
      if (method === 'DELETE') {
        const after = state.cancelNow(id);
        return { status: 200, body: state.present(state.findSubscription(id).object, params), after };
      }
    }
    if (method === 'GET' && third === undefined) {
      if (first === 'invoices' && second === undefined) return { status: 200, body: state.listInvoices(params) };
      if (first === 'invoice_payments' && second === undefined) {
        return { status: 200, body: state.payments.listInvoicePayments(params) };
      }
      if (first === 'payment_intents' && second !== undefined) {
        const id = idFromPath(second);
        const intent = state.payments.paymentIntents.get(id);
        if (!intent) throw resourceMissing('payment_intent', id);
        return { status: 200, body: state.present(intent, params) };
      }
      if (first === 'charges' && second !== undefined) {
        const id = idFromPath(second);
        const charge = state.payments.charges.get(id);
        if (!charge) throw resourceMissing('charge', id);
        return { status: 200, body: state.present(charge, params) };
      }
    }
    if (first === 'refunds' && second === undefined && method === 'POST') {
      return { status: 200, body: state.present(state.payments.createRefund(params), params) };
    }
    if (first === 'billing_portal' && second === 'sessions' && third === undefined && method === 'POST') {
      return { status: 200, body: state.present(state.createPortalSession(params), params) };
    }
    throw unrecognizedUrl(method, path);
  }

  function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    const text = JSON.stringify(body, null, 2);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      'request-id': `req_${randomBytes(10).toString('hex')}`,
      'stripe-version': STRIPE_API_VERSION,
      ...headers,
    });
    res.end(text);
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, target: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const path = target.pathname;
    const raw = await readBody(req);
    let params: FormObject;
    let parseError: FormBodyError | undefined;
    try {
      params = parseFormBody(method === 'POST' ? raw : target.searchParams);
    } catch (err) {
      if (!(err instanceof FormBodyError)) throw err;
      params = {};
      parseError = err;
    }
    const request = { method, path, body: params };
    requests.push(request);

    if (failing.remaining > 0 && (!failing.only || failing.only(request))) {
      failing.remaining--;
      const error = apiError(failing.status, 'An error occurred with our connection to Stripe. (simulated outage)');
      sendJson(res, error.status, error.body);
      return;
    }
    const key = apiKey(req);
    if (!key) {
      const error = invalidRequest(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        undefined,
        undefined,
        401,
      );
      sendJson(res, error.status, error.body, { 'www-authenticate': 'Bearer realm="Stripe"' });
      return;
    }
    if (!key.startsWith('sk_')) {
      const error = invalidRequest(`Invalid API Key provided: ${maskKey(key)}`, undefined, undefined, 401);
      sendJson(res, error.status, error.body, { 'www-authenticate': 'Bearer realm="Stripe"' });
      return;
    }

    const idempotencyKey = method === 'POST' ? header(req, 'idempotency-key') : '';
    if (idempotencyKey) {
      const stored = idempotent.get(idempotencyKey);
      if (stored) {
        if (stored.method !== method || stored.path !== path || stored.raw !== raw) {
          const error = new StripeFakeHttpError(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          });
          sendJson(res, error.status, error.body);
          return;
        }
        sendJson(res, stored.status, stored.body, { 'idempotent-replayed': 'true', 'idempotency-key': idempotencyKey });
        return;
      }
    }

    let answer: ApiAnswer;
    try {
      if (parseError) throw invalidRequest(parseError.message);
      answer = route(method, path, params);
    } catch (err) {
      if (!(err instanceof StripeFakeHttpError)) throw err;
      answer = { status: err.status, body: err.body };
    }
    if (idempotencyKey) idempotent.set(idempotencyKey, { method, path, raw, status: answer.status, body: answer.body });
    sendJson(res, answer.status, answer.body, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
    // As Stripe: the events of an API change go out after the response.
    if (answer.after?.length) {
      void webhooks.enqueue(answer.after).then((failed) => {
        if (failed.length > 0)
          console.warn(`Stripe stand-in: webhook delivery failed: ${webhooks.describeFailures(failed)}`);
      });
    }
  }

  // ----------------------------------------------------------------------------------------- pages

  function sendHtml(res: ServerResponse, status: number, html: string): void {
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(html),
      'cache-control': 'no-store',
    });
    res.end(html);
  }

  function redirect(res: ServerResponse, location: string): void {
    res.writeHead(303, { location, 'content-length': 0 });
    res.end();
  }

  async function handlePage(req: IncomingMessage, res: ServerResponse, target: URL): Promise<void> {
    const method = req.method ?? 'GET';
    await readBody(req);
    const parts = target.pathname.split('/').slice(1).map(idFromPath);
    const [first, id, third, subId, action] = parts;

    if (first === 'checkout' && id) {
      const stored = state.sessions.get(id);
      if (!stored) return sendHtml(res, 404, messagePage('Not found', `There is no checkout session ${id}.`));
      if (method === 'GET' && third === undefined) {
        return sendHtml(res, 200, checkoutPage(state.refresh(stored.object), stored.price, stored.quantity));
      }
      if (method === 'POST' && third === 'pay' && subId === undefined) {
        const session = state.refresh(stored.object);
        if (session.status !== 'open') {
          return sendHtml(res, 409, checkoutPage(session, stored.price, stored.quantity));
        }
        const emitted = state.payCheckout(id);
        const failed = await webhooks.enqueue(emitted);
        if (failed.length > 0)
          console.warn(`Stripe stand-in: webhook delivery failed: ${webhooks.describeFailures(failed)}`);
        if (!session.success_url) {
          return sendHtml(res, 200, messagePage('Payment complete', 'Thanks: the subscription is active.'));
        }
        return redirect(res, session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', id));
      }
    }

    if (first === 'billing_portal' && id) {
      const portal = state.portals.get(id);
      if (!portal) return sendHtml(res, 404, messagePage('Not found', `There is no billing portal session ${id}.`));
      if (method === 'GET' && third === undefined) {
        return sendHtml(res, 200, portalPage(id, portal.return_url, state.subscriptionsOf(portal.customer)));
      }
      if (
        method === 'POST' &&
        third === 'subscriptions' &&
        subId &&
        (action === 'cancel' || action === 'resume') &&
        parts.length === 5
      ) {
        const sub = state.subscriptions.get(subId)?.object;
        if (!sub || sub.customer !== portal.customer) {
          return sendHtml(res, 404, messagePage('Not found', `There is no subscription ${subId} for this customer.`));
        }
        let emitted: StripeEventObject[];
        try {
          emitted = state.updateSubscription(subId, { cancelAtPeriodEnd: action === 'cancel' });
        } catch (err) {
          if (!(err instanceof StripeFakeHttpError)) throw err;
          return sendHtml(res, 400, messagePage('Not possible', err.message));
        }
        const failed = await webhooks.enqueue(emitted);
        if (failed.length > 0)
          console.warn(`Stripe stand-in: webhook delivery failed: ${webhooks.describeFailures(failed)}`);
        return redirect(res, `/billing_portal/${encodeURIComponent(id)}`);
      }
    }

    if (method !== 'GET' && method !== 'POST') {
      res.writeHead(405, { allow: 'GET, POST' }).end();
      return;
    }
    sendHtml(res, 404, messagePage('Not found', `Nothing at ${method} ${target.pathname}.`));
  }

  // ---------------------------------------------------------------------------------------- server

  const server = createServer((req, res) => {
    const target = new URL(req.url ?? '/', 'http://stand-in');
    const handled = target.pathname.startsWith('/v1/') ? handleApi(req, res, target) : handlePage(req, res, target);
    handled.catch((err: unknown) => {
      if (res.headersSent || res.destroyed) {
        res.destroy();
        return;
      }
      const error = err instanceof StripeFakeHttpError ? err : apiError(500, `Stripe stand-in error: ${String(err)}`);
      sendJson(res, error.status, error.body);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port ?? 0, host }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  url = `http://${host}:${port}`;

  /** Runs a state change for the handle: plain Errors for the caller, deliveries awaited. */
  async function change(run: () => StripeEventObject[]): Promise<StripeEventObject[]> {
    let emitted: StripeEventObject[];
    try {
      emitted = run();
    } catch (err) {
      if (err instanceof StripeFakeHttpError) throw new Error(`Stripe stand-in: ${err.message}`);
      throw err;
    }
    return webhooks.deliverNow(emitted);
  }

  return {
    url,
    host,
    port,
    protocol: 'http',
    requests,
    events: state.events,
    deliveries: webhooks.deliveries,
    flushWebhooks: () => webhooks.flush(),
    completeCheckout: (sessionId) => change(() => state.payCheckout(sessionId)),
    setCancelAtPeriodEnd: (subscriptionId, value) =>
      change(() => state.updateSubscription(subscriptionId, { cancelAtPeriodEnd: value })),
    endPeriod: (subscriptionId) => change(() => state.endPeriod(subscriptionId)),
    failPayment: (subscriptionId) => change(() => state.failPayment(subscriptionId)),
    cancelNow: (subscriptionId) => change(() => state.cancelNow(subscriptionId)),
    subscription: (id) => {
      const stored = state.subscriptions.get(id);
      return stored ? (structuredClone(stored.object) as unknown as Record<string, unknown>) : undefined;
    },
    refunds: () => [...state.payments.refunds.values()].map((r) => structuredClone(r) as Record<string, unknown>),
    failNextRequests: (n, status = 500, only) => {
      if (!Number.isInteger(n) || n < 0) throw new Error('failNextRequests: n must be a whole number ≥ 0');
      failing.remaining = n;
      failing.status = status;
      failing.only = only;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
