import { createHmac } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import type { JobSender } from '../../lib/queue/job.ts';
import { createCloudApiProvider } from './cloud-api-provider.ts';
import { createWhatsAppSandbox, type WhatsAppSandbox } from './sandbox/whatsapp-sandbox.ts';
import type { WhatsAppProvider } from './whatsapp-provider.ts';
import { receiveWhatsAppWebhook, type WebhookResult } from './whatsapp-webhook.ts';

export type WhatsAppRuntime = {
  provider: WhatsAppProvider;
  /** Set when the Cloud API is not configured: the built-in test-mode phone. */
  sandbox: WhatsAppSandbox | undefined;
  /** The token Meta echoes when subscribing the webhook (Cloud API only). */
  verifyToken: string | undefined;
  /** Keys the HMAC under which link codes are stored. */
  codeSecret: string;
  publicUrl: string;
  /** A webhook delivery, from Meta's POST or from the sandbox phone: see receiveWhatsAppWebhook. */
  receive(rawBody: Uint8Array, signature: string | undefined): Promise<WebhookResult>;
  /** Received messages are queued here; until it is given, a delivery with messages fails (and is retried). */
  useQueue(jobs: JobSender): void;
};

const NO_QUEUE: JobSender = {
  send: () => Promise.reject(new Error('the job queue is not started')),
};

/** The Cloud API when its four settings are there, the sandbox otherwise (decision 015). */
export function createWhatsAppRuntime(deps: {
  env: Env;
  db: Db;
  logger: Logger;
  sessionSecret: string;
}): WhatsAppRuntime {
  const { env, db, logger } = deps;
  let jobs = NO_QUEUE;
  const receive = (rawBody: Uint8Array, signature: string | undefined) =>
    receiveWhatsAppWebhook({ db, provider, jobs, logger }, rawBody, signature);
  const sandbox =
    env.WHATSAPP_PHONE_NUMBER_ID && env.WHATSAPP_ACCESS_TOKEN && env.WHATSAPP_APP_SECRET
      ? undefined
      : createWhatsAppSandbox({ db, sessionSecret: deps.sessionSecret, deliver: receive });
  const provider: WhatsAppProvider =
    sandbox ??
    createCloudApiProvider({
      phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID as string,
      accessToken: env.WHATSAPP_ACCESS_TOKEN as string,
      appSecret: env.WHATSAPP_APP_SECRET as string,
      apiUrl: env.WHATSAPP_API_URL,
      codeTemplate: env.WHATSAPP_CODE_TEMPLATE,
    });
  return {
    provider,
    sandbox,
    verifyToken: env.WHATSAPP_VERIFY_TOKEN,
    codeSecret: createHmac('sha256', deps.sessionSecret).update('whatsapp-link-code').digest('hex'),
    publicUrl: env.PUBLIC_URL,
    receive,
    useQueue(queue) {
      jobs = queue;
    },
  };
}
