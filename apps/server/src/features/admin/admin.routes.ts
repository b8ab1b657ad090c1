import { adminMeSchema, auditPageSchema, auditQuerySchema } from '@polymath/shared/admin/admin.schema';
import { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { validate } from '../../lib/validate.ts';
import type { Auth } from '../auth/index.ts';
import { decodeAuditCursor, listAuditEntries } from './audit-log.ts';
import { jobsRoutes } from './jobs.routes.ts';
import { type OperatorEnv, operatorCount, requireOperator } from './operators.ts';
import { peopleRoutes } from './people.routes.ts';

const jsonResponse = (description: string, schema: z.ZodType) => ({
  description,
  content: { 'application/json': { schema: resolver(schema) } },
});
const forbidden = { description: 'Not an operator (signed out, a normal or banned person): FORBIDDEN' };

/**
 * /api/admin/*: the operator console's API (issue 28, decision 037). One guard for every path,
 * unknown ones included (403 before 404, so the API says nothing to anyone else). Sections add
 * their routes to the router this returns (`adminRoutes(auth).route('/people', …)`).
 */
export function adminRoutes(auth: Auth, deleteToolFiles: (files: FileStore, userId: string) => Promise<void>) {
  return new Hono<OperatorEnv>()
    .use(requireOperator(auth))
    .get(
      '/me',
      describeRoute({
        tags: ['admin'],
        summary: 'The operator asking (the console opens only for them)',
        responses: { 200: jsonResponse('The operator', adminMeSchema), 403: forbidden },
      }),
      async (c) => {
        const { id, email, name } = c.var.operator;
        return c.json({ id, email, name, operators: await operatorCount(c.var.deps.db) });
      },
    )
    .get(
      '/audit',
      describeRoute({
        tags: ['admin'],
        summary: 'The audit log, newest first, in keyset pages',
        responses: {
          200: jsonResponse('A page of the audit log', auditPageSchema),
          400: { description: 'Bad query' },
          403: forbidden,
        },
      }),
      validate('query', auditQuerySchema),
      async (c) => {
        const { cursor, limit, userId } = c.req.valid('query');
        const before = cursor === undefined ? undefined : decodeAuditCursor(cursor);
        if (before === null)
          throw new AppError('VALIDATION_FAILED', 'This cursor is not one of ours.', {
            fields: [{ path: 'cursor', message: 'Invalid cursor' }],
          });
        return c.json(await listAuditEntries(c.var.deps.db, { limit, before, userId }));
      },
    )
    .route('/people', peopleRoutes(deleteToolFiles))
    .route('/jobs', jobsRoutes());
}
