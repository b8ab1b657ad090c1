/**
 * Webhook delivery as Stripe does it: each event POSTed as pretty-printed JSON with a `Stripe-Signature`
 * header (made with the stripe SDK's webhooks.generateTestHeaderString), one request per event, one at a time,
 * in the order the events were emitted. No retries: a refused delivery is recorded and reported.
 */
import Stripe from 'stripe';
import type { StripeEventObject } from './stripe-objects.ts';

export type StripeWebhookDelivery = {
  event: string;
  type: string;
  /** The endpoint's HTTP status; null when the request failed (refused, timed out). */
  status: number | null;
  ok: boolean;
  /** The start of the endpoint's answer, or the network error. */
  response: string;
};

const WEBHOOK_TIMEOUT_MS = 20_000;

export type WebhookSender = {
  /** Every delivery attempted, in order. */
  deliveries: StripeWebhookDelivery[];
  /** Queues the events' deliveries; resolves with the failed ones once all of these are done. */
  enqueue(events: StripeEventObject[]): Promise<StripeWebhookDelivery[]>;
  /** Delivers and waits; throws when the endpoint refused any of them. */
  deliverNow(events: StripeEventObject[]): Promise<StripeEventObject[]>;
  /** Resolves once the queue is empty (deliveries queued meanwhile included). */
  flush(): Promise<void>;
  describeFailures(failed: StripeWebhookDelivery[]): string;
};

/** A sender for `webhook`; without one, events are not delivered anywhere. */
export function createWebhookSender(webhook: { url: string; secret: string } | undefined): WebhookSender {
  const deliveries: StripeWebhookDelivery[] = [];
  let queue: Promise<unknown> = Promise.resolve();

  async function deliver(target: { url: string; secret: string }, event: StripeEventObject) {
    const payload = JSON.stringify(event, null, 2);
    // Signed with the real clock: the receiver checks the timestamp against its own (5 minutes' tolerance).
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: target.secret });
    let record: StripeWebhookDelivery;
    try {
      const response = await fetch(target.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          accept: '*/*; q=0.5, application/xml',
        },
        body: payload,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      const text = await response.text();
      record = {
        event: event.id,
        type: event.type,
        status: response.status,
        ok: response.ok,
        response: text.slice(0, 500),
      };
    } catch (err) {
      record = { event: event.id, type: event.type, status: null, ok: false, response: String(err) };
    }
    deliveries.push(record);
    return record;
  }

  function enqueue(events: StripeEventObject[]): Promise<StripeWebhookDelivery[]> {
    if (!webhook || events.length === 0) return Promise.resolve([]);
    const run = queue.then(async () => {
      const failed: StripeWebhookDelivery[] = [];
      for (const event of events) {
        const record = await deliver(webhook, event);
        if (!record.ok) failed.push(record);
      }
      return failed;
    });
    queue = run.catch(() => undefined);
    return run;
  }

  function describeFailures(failed: StripeWebhookDelivery[]): string {
    return failed
      .map((f) => `${f.type} (${f.event}): ${f.status === null ? f.response : `HTTP ${f.status} ${f.response}`}`)
      .join('; ');
  }

  return {
    deliveries,
    enqueue,
    describeFailures,
    async deliverNow(events) {
      const failed = await enqueue(events);
      if (failed.length > 0) {
        throw new Error(`Stripe stand-in: webhook delivery to ${webhook?.url} failed: ${describeFailures(failed)}`);
      }
      return events;
    },
    async flush() {
      let seen: Promise<unknown> | undefined;
      while (seen !== queue) {
        seen = queue;
        await seen;
      }
    },
  };
}
