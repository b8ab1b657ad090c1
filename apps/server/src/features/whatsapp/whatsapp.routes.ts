import {
  whatsAppCodeRequestSchema,
  whatsAppLinkSchema,
  whatsAppLinkUpdateSchema,
  whatsAppPendingSchema,
  whatsAppStatusSchema,
  whatsAppVerifyRequestSchema,
} from '@polymath/shared';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { describeRoute, resolver } from 'hono-openapi';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import type { Auth } from '../auth/index.ts';
import { requireUser, type UserEnv } from '../auth/index.ts';
import type { ModelRegistry } from '../models/index.ts';
import {
  type LinkContext,
  linkStatus,
  sendLinkCode,
  unlinkNumber,
  updateLinkModel,
  verifyLinkCode,
} from './whatsapp-link.service.ts';
import { WhatsAppSignatureError } from './whatsapp-provider.ts';
import type { WhatsAppRuntime } from './whatsapp-runtime.ts';
import { WebhookPayloadError } from './whatsapp-webhook.ts';

/** Meta batches deliveries; they stay small, but a burst of statuses can pass the API's 64 KB. */
export const WHATSAPP_WEBHOOK_BODY_LIMIT = 1024 * 1024;

const jsonResponse = (description: string, schema: z.ZodType) => ({
  description,
  content: { 'application/json': { schema: resolver(schema) } },
});
const errors = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, { description: `Error (${code}): { error: { code, message } }` }]));

/**
 * /api/whatsapp: linking a number to the signed-in account (a code sent through WhatsApp), the
 * link itself, and the webhook WhatsApp (or the sandbox phone) delivers messages and statuses to.
 */
export function whatsappRoutes(auth: Auth, whatsapp: WhatsAppRuntime, models: ModelRegistry) {
  const signedIn = requireUser(auth);
  const context = (c: { var: UserEnv['Variables'] }): LinkContext => ({
    db: c.var.deps.db,
    whatsapp,
    models,
    logger: c.var.log,
    mailer: c.var.deps.mailer,
  });
  return new Hono<UserEnv>()
    .get(
      '/link',
      describeRoute({
        tags: ['whatsapp'],
        summary: 'The linked number, a code on its way, and where "Open WhatsApp" goes',
        responses: { 200: jsonResponse('Status', whatsAppStatusSchema), ...errors(401) },
      }),
      signedIn,
      async (c) => {
        c.header('cache-control', 'no-store');
        return c.json(await linkStatus(context(c), c.var.user.id));
      },
    )
    .post(
      '/link/code',
      describeRoute({
        tags: ['whatsapp'],
        summary: 'Sends a 6-digit code to the number through WhatsApp (Pro; 10 minutes, 5 tries)',
        description:
          'RATE_LIMITED (429, with details.retryAfterSeconds) after 5 codes an hour per account, 3 per number, or within 30 s of the last one.',
        responses: {
          200: jsonResponse('The code on its way', whatsAppPendingSchema),
          ...errors(400, 401, 403, 429, 503),
        },
      }),
      signedIn,
      validate('json', whatsAppCodeRequestSchema),
      async (c) => c.json(await sendLinkCode(context(c), c.var.user, c.req.valid('json'))),
    )
    .post(
      '/link/verify',
      describeRoute({
        tags: ['whatsapp'],
        summary: 'Links the number when the code is right (WHATSAPP_CODE_INVALID with details.triesLeft)',
        responses: { 200: jsonResponse('The link', whatsAppLinkSchema), ...errors(400, 401, 403) },
      }),
      signedIn,
      validate('json', whatsAppVerifyRequestSchema),
      async (c) => c.json(await verifyLinkCode(context(c), c.var.user, c.req.valid('json').code)),
    )
    .patch(
      '/link',
      describeRoute({
        tags: ['whatsapp'],
        summary: 'Changes the model WhatsApp answers with',
        responses: { 200: jsonResponse('The link', whatsAppLinkSchema), ...errors(400, 401, 404) },
      }),
      signedIn,
      validate('json', whatsAppLinkUpdateSchema),
      async (c) => c.json(await updateLinkModel(context(c), c.var.user, c.req.valid('json').modelId)),
    )
    .delete(
      '/link',
      describeRoute({
        tags: ['whatsapp'],
        summary: 'Unlinks the number (its chats stay in the history)',
        responses: { 204: { description: 'Unlinked' }, ...errors(401, 404) },
      }),
      signedIn,
      async (c) => {
        await unlinkNumber(c.var.deps.db, c.var.user.id);
        return c.body(null, 204);
      },
    )
    .get(
      '/webhook',
      describeRoute({
        tags: ['whatsapp'],
        summary: "Meta's subscription check: echoes hub.challenge when hub.verify_token is ours",
        responses: { 200: { description: 'The challenge, as text' }, 403: { description: 'FORBIDDEN' } },
      }),
      (c) => {
        const mode = c.req.query('hub.mode');
        const token = c.req.query('hub.verify_token');
        const challenge = c.req.query('hub.challenge') ?? '';
        if (mode !== 'subscribe' || !whatsapp.verifyToken || token !== whatsapp.verifyToken) {
          throw new AppError('FORBIDDEN');
        }
        if (!/^[A-Za-z0-9_-]{1,128}$/.test(challenge)) throw new AppError('BAD_REQUEST');
        return c.text(challenge);
      },
    )
    .post(
      '/webhook',
      describeRoute({
        tags: ['whatsapp'],
        summary: 'WhatsApp deliveries: signed with X-Hub-Signature-256, checked on the raw body; answered at once',
        responses: {
          200: { description: 'Stored (messages are answered by jobs)' },
          400: { description: 'WEBHOOK_SIGNATURE_INVALID, BAD_REQUEST' },
          503: { description: 'Not stored this time: WhatsApp retries' },
        },
      }),
      bodyLimit({
        maxSize: WHATSAPP_WEBHOOK_BODY_LIMIT,
        onError: () => {
          throw new AppError('PAYLOAD_TOO_LARGE');
        },
      }),
      async (c) => {
        // The signature covers the exact bytes Meta sent: check them before anything reads them.
        const rawBody = new Uint8Array(await c.req.arrayBuffer());
        try {
          const result = await whatsapp.receive(rawBody, c.req.header('x-hub-signature-256'));
          return c.json({ received: true, ...result });
        } catch (err) {
          if (err instanceof WhatsAppSignatureError) {
            c.var.log.warn({ reason: err.message }, 'WhatsApp webhook refused');
            throw new AppError('WEBHOOK_SIGNATURE_INVALID');
          }
          if (err instanceof WebhookPayloadError) throw new AppError('BAD_REQUEST', err.message);
          c.var.log.error({ err }, 'WhatsApp webhook could not be stored');
          throw new AppError('SERVICE_UNAVAILABLE');
        }
      },
    );
}
