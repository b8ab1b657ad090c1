import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import { receiveWebhook } from './billing-events.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { loadPlans, type PlansConfig } from './plans.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox/sandbox-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';
import type { BillingContext } from './subscriptions.service.ts';

export type BillingRuntime = BillingContext & {
  plans: PlansConfig;
  /** Set when there are no Stripe keys: the built-in test-mode provider. */
  sandbox: SandboxProvider | undefined;
};

/** Stripe when STRIPE_SECRET_KEY is set, the sandbox otherwise; the plans file either way. */
export function createBillingRuntime(deps: {
  env: Env;
  database: Database;
  logger: Logger;
  sessionSecret: string;
}): BillingRuntime {
  const { env, database, logger } = deps;
  const plans = loadPlans(env.PLANS_FILE);
  const base = { database, logger, publicUrl: env.PUBLIC_URL };
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    const provider: PaymentProvider = createStripeProvider({
      ...env,
      STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET,
    });
    return { ...base, provider, plans, sandbox: undefined };
  }
  // The sandbox hands its events to the webhook handler of the runtime it belongs to.
  let runtime: BillingRuntime | undefined;
  const sandbox = createSandboxProvider({
    db: database.db,
    plans,
    publicUrl: env.PUBLIC_URL,
    sessionSecret: deps.sessionSecret,
    deliver: (rawBody, signature) => receiveWebhook(runtime as BillingRuntime, rawBody, signature),
  });
  runtime = { ...base, plans, provider: sandbox, sandbox };
  return runtime;
}
