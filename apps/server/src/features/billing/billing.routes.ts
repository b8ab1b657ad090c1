import type { Subscription } from '@polymath/shared';
import {
  billingPlansSchema,
  checkoutRequestSchema,
  confirmCheckoutSchema,
  redirectResponseSchema,
  subscriptionResponseSchema,
} from '@polymath/shared';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { describeRoute, resolver } from 'hono-openapi';
import type { z } from 'zod';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/app-error.ts';
import { enforceLimit } from '../../lib/limits.ts';
import { validate } from '../../lib/validate.ts';
import type { Auth } from '../auth/index.ts';
import { requireUser, type UserEnv } from '../auth/index.ts';
import { receiveWebhook } from './billing-events.ts';
import type { BillingRuntime } from './billing-runtime.ts';
import { recordWebhookFailure } from './money.service.ts';
import { WebhookSignatureError } from './payment-provider.ts';
import {
  confirmCheckout,
  createPortal,
  getSubscription,
  grantedProUntil,
  setCancelAtPeriodEnd,
  startCheckout,
} from './subscriptions.service.ts';

/** Stripe's events are small, but a subscription with many items can pass the API's 64 KB. */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

const jsonResponse = (description: string, schema: z.ZodType) => ({
  description,
  content: { 'application/json': { schema: resolver(schema) } },
});
const errors = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, { description: `Error (${code}): { error: { code, message } }` }]));

/**
 * A provider call that fails for reasons of its own (Stripe down, a network error) is
 * PAYMENTS_UNAVAILABLE for the person; our own refusals (AppError) pass through.
 */
async function viaProvider<T>(log: AppEnv['Variables']['log'], call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof AppError) throw err;
    log.error({ err }, 'payment provider call failed');
    throw new AppError('PAYMENTS_UNAVAILABLE');
  }
}

/** The subscription answer: the record, and until when Pro an operator granted lasts (My Plan shows both). */
async function subscriptionAnswer(c: Context<UserEnv>, subscription: Subscription | null) {
  return c.json({ subscription, proGrantedUntil: await grantedProUntil(c.var.deps.db, c.var.user.id) });
}

/** /api/billing: plans, checkout, the subscription record, cancel/resume, portal and the webhook. */
export function billingRoutes(auth: Auth, billing: BillingRuntime) {
  const signedIn = requireUser(auth);
  // Each of these calls Stripe's API; a person needs a handful an hour, a script gets a clear 429.
  const limited: MiddlewareHandler<UserEnv> = async (c, next) => {
    await enforceLimit(c.var.deps.limits.limit('billing-provider-calls', 30, 3600), c.var.user.id);
    await next();
  };
  return new Hono<UserEnv>()
    .get(
      '/plans',
      describeRoute({
        tags: ['billing'],
        summary: 'The plans with price, currency, tax, total and savings; and whether payments are live or sandbox',
        responses: { 200: jsonResponse('Plans', billingPlansSchema) },
      }),
      (c) => c.json({ mode: billing.provider.mode, taxPercent: billing.plans.taxPercent, plans: billing.plans.offers }),
    )
    .get(
      '/subscription',
      describeRoute({
        tags: ['billing'],
        summary: "The signed-in user's subscription record, or null",
        responses: { 200: jsonResponse('Subscription', subscriptionResponseSchema), ...errors(401) },
      }),
      signedIn,
      async (c) => {
        c.header('cache-control', 'no-store');
        return subscriptionAnswer(c, await getSubscription(c.var.deps.db, c.var.user.id, billing.provider.mode));
      },
    )
    .post(
      '/checkout',
      describeRoute({
        tags: ['billing'],
        summary: 'Starts checkout for a plan (Stripe Checkout in subscription mode, or the sandbox page)',
        responses: {
          200: jsonResponse('Where to send the browser', redirectResponseSchema),
          ...errors(400, 401, 409, 503),
        },
      }),
      signedIn,
      limited,
      validate('json', checkoutRequestSchema),
      async (c) => {
        const { period } = c.req.valid('json');
        return c.json(await viaProvider(c.var.log, () => startCheckout(billing, c.var.user, period)));
      },
    )
    .post(
      '/checkout/confirm',
      describeRoute({
        tags: ['billing'],
        summary: 'After checkout: syncs the session’s subscription now (null while the payment is pending)',
        responses: { 200: jsonResponse('Subscription', subscriptionResponseSchema), ...errors(400, 401, 404, 503) },
      }),
      signedIn,
      validate('json', confirmCheckoutSchema),
      async (c) => {
        const { sessionId } = c.req.valid('json');
        const subscription = await viaProvider(c.var.log, () => confirmCheckout(billing, c.var.user.id, sessionId));
        return subscriptionAnswer(c, subscription);
      },
    )
    .post(
      '/cancel',
      describeRoute({
        tags: ['billing'],
        summary: 'Cancels at the end of the current period; Pro stays until then',
        responses: { 200: jsonResponse('Subscription', subscriptionResponseSchema), ...errors(401, 404, 503) },
      }),
      signedIn,
      limited,
      async (c) => {
        const subscription = await viaProvider(c.var.log, () => setCancelAtPeriodEnd(billing, c.var.user.id, true));
        return subscriptionAnswer(c, subscription);
      },
    )
    .post(
      '/resume',
      describeRoute({
        tags: ['billing'],
        summary: 'Takes back a cancellation before the period ends',
        responses: { 200: jsonResponse('Subscription', subscriptionResponseSchema), ...errors(401, 404, 503) },
      }),
      signedIn,
      limited,
      async (c) => {
        const subscription = await viaProvider(c.var.log, () => setCancelAtPeriodEnd(billing, c.var.user.id, false));
        return subscriptionAnswer(c, subscription);
      },
    )
    .post(
      '/portal',
      describeRoute({
        tags: ['billing'],
        summary: 'A Customer Portal session to manage the subscription (or the sandbox portal page)',
        responses: { 200: jsonResponse('Where to send the browser', redirectResponseSchema), ...errors(401, 404, 503) },
      }),
      signedIn,
      limited,
      async (c) => c.json(await viaProvider(c.var.log, () => createPortal(billing, c.var.user.id))),
    )
    .post(
      '/webhook',
      describeRoute({
        tags: ['billing'],
        summary: 'Stripe webhook: verified on the raw body, deduplicated by event id',
        responses: {
          200: { description: 'Handled, ignored or already handled' },
          400: { description: 'WEBHOOK_SIGNATURE_INVALID' },
          503: { description: 'Not handled this time: Stripe retries' },
        },
      }),
      bodyLimit({
        maxSize: WEBHOOK_BODY_LIMIT,
        onError: () => {
          throw new AppError('PAYLOAD_TOO_LARGE');
        },
      }),
      async (c) => {
        // The signature covers the exact bytes Stripe sent: read them as they are, never re-serialized.
        const rawBody = await c.req.text();
        try {
          const result = await receiveWebhook(billing, rawBody, c.req.header('stripe-signature'));
          return c.json({ received: true, result });
        } catch (err) {
          if (err instanceof WebhookSignatureError) {
            c.var.log.warn({ reason: err.message }, 'webhook refused');
            await recordWebhookFailure(billing.database.db, {
              reason: 'signature',
              provider: billing.provider.mode,
              error: err,
            }).catch((recordErr: unknown) => c.var.log.warn({ err: recordErr }, 'could not store the webhook failure'));
            throw new AppError('WEBHOOK_SIGNATURE_INVALID');
          }
          c.var.log.error({ err }, 'webhook handling failed');
          throw new AppError('PAYMENTS_UNAVAILABLE');
        }
      },
    );
}
