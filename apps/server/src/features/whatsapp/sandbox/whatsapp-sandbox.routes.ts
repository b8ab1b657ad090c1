import { sandboxPhoneQuerySchema, sandboxPhoneSchema, sandboxPhoneSendSchema } from '@polymath/shared';
import { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import { validate } from '../../../lib/validate.ts';
import type { Auth } from '../../auth/index.ts';
import { requireUser, type UserEnv } from '../../auth/index.ts';
import type { WhatsAppSandbox } from './whatsapp-sandbox.ts';

/**
 * /api/whatsapp/sandbox: the test-mode phone (mounted only without Cloud API settings). Each
 * account sees and plays only its own numbers; one linked to another account is refused.
 */
export function whatsappSandboxRoutes(auth: Auth, sandbox: WhatsAppSandbox) {
  return new Hono<UserEnv>()
    .use(requireUser(auth))
    .get(
      '/phone',
      describeRoute({
        tags: ['whatsapp'],
        summary: 'Sandbox: what the test-mode phone shows for one of your numbers',
        responses: {
          200: { description: 'Phone', content: { 'application/json': { schema: resolver(sandboxPhoneSchema) } } },
        },
      }),
      validate('query', sandboxPhoneQuerySchema),
      async (c) => {
        c.header('cache-control', 'no-store');
        return c.json(await sandbox.phone(c.var.user.id, c.req.valid('query').phone));
      },
    )
    .post(
      '/phone/messages',
      describeRoute({
        tags: ['whatsapp'],
        summary: 'Sandbox: a message typed on the test-mode phone, delivered as a signed webhook',
        responses: { 202: { description: 'Delivered; the answer follows' } },
      }),
      validate('json', sandboxPhoneSendSchema),
      async (c) => {
        const { phone, text } = c.req.valid('json');
        await sandbox.type(c.var.user.id, phone, text);
        return c.body(null, 202);
      },
    );
}
