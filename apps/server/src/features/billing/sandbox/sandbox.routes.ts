import { checkoutSessionIdSchema, sandboxCheckoutSchema, subscriptionResponseSchema, taxOn } from '@polymath/shared';
import { type Context, Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import { AppError } from '../../../lib/app-error.ts';
import type { Auth } from '../../auth/index.ts';
import { requireUser, type UserEnv } from '../../auth/index.ts';
import type { BillingRuntime } from '../billing-runtime.ts';
import { getSubscription } from '../subscriptions.service.ts';
import type { SandboxProvider } from './sandbox-provider.ts';

/** The :id of the URL; one that cannot be a session id is as unknown as another user's (404). */
function sessionIdOf(c: Context): string {
  const id = c.req.param('id') ?? '';
  if (!checkoutSessionIdSchema.safeParse(id).success) throw new AppError('CHECKOUT_NOT_FOUND');
  return id;
}

/**
 * /api/billing/sandbox: the test-mode checkout page and the test clock. Mounted only when there are
 * no Stripe keys. Everything is the signed-in user's own: another user's session id is a 404.
 */
export function sandboxRoutes(auth: Auth, billing: BillingRuntime, sandbox: SandboxProvider) {
  return new Hono<UserEnv>()
    .use(requireUser(auth))
    .get(
      '/checkout/:id',
      describeRoute({
        tags: ['billing'],
        summary: 'Sandbox: what the test-mode checkout page shows',
        responses: {
          200: { description: 'Session', content: { 'application/json': { schema: resolver(sandboxCheckoutSchema) } } },
        },
      }),
      async (c) => {
        const session = await sandbox.checkoutFor(sessionIdOf(c), c.var.user.id);
        const tax = taxOn(session.price.unit_amount, billing.plans.taxPercent);
        return c.json({
          id: session.id,
          status: session.status,
          period: sandbox.periodOfPrice(session.price.id) ?? 'monthly',
          amount: session.price.unit_amount,
          currency: session.price.currency,
          tax,
          total: session.price.unit_amount + tax,
          email: session.customer_email,
          cancelUrl: session.cancel_url,
        });
      },
    )
    .post(
      '/checkout/:id/complete',
      describeRoute({
        tags: ['billing'],
        summary: 'Sandbox: "Pay" without a card; the subscription starts and its events are delivered',
        responses: { 200: { description: '{ url }: the success URL' } },
      }),
      async (c) => c.json({ url: await sandbox.completeCheckout(sessionIdOf(c), c.var.user.id) }),
    )
    .post(
      '/clock/advance',
      describeRoute({
        tags: ['billing'],
        summary: "Sandbox test clock: the user's subscription reaches the end of its period",
        responses: {
          200: {
            description: 'Subscription',
            content: { 'application/json': { schema: resolver(subscriptionResponseSchema) } },
          },
        },
      }),
      async (c) => {
        // Its events are delivered (and the record synced) before advanceClock returns.
        await sandbox.advanceClock(c.var.user.id);
        return c.json({ subscription: await getSubscription(c.var.deps.db, c.var.user.id, billing.provider.mode) });
      },
    );
}
