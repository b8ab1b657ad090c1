import {
  banSchema,
  grantProSchema,
  noInputSchema,
  operatorRoleSchema,
  peoplePageSchema,
  peopleQuerySchema,
  personDetailSchema,
  personIdSchema,
} from '@polymath/shared/admin/admin.schema';
import { type Context, Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { validate } from '../../lib/validate.ts';
import type { AdminActor } from './audit-log.ts';
import { type OperatorEnv, setOperatorRole } from './operators.ts';
import {
  banPerson,
  deletePerson,
  getPerson,
  grantPro,
  resetCredits,
  searchPeople,
  signOutEverywhere,
  unbanPerson,
} from './people.service.ts';

const jsonResponse = (description: string, schema: z.ZodType) => ({
  description,
  content: { 'application/json': { schema: resolver(schema) } },
});
const errors = {
  400: { description: 'Bad input: VALIDATION_FAILED or BAD_REQUEST' },
  403: { description: 'Not an operator: FORBIDDEN' },
  404: { description: 'No such person: USER_NOT_FOUND' },
};
const done = { 200: { description: 'Done: the person page as it is now' }, ...errors };

function personIdOf(c: Context<OperatorEnv>): string {
  const id = c.req.param('id') ?? '';
  if (!personIdSchema.safeParse(id).success) throw new AppError('USER_NOT_FOUND');
  return id;
}

const actorOf = (c: Context<OperatorEnv>): AdminActor => ({ id: c.var.operator.id, email: c.var.operator.email });

/** /api/admin/people: find people, see one, act on them (decision 037). Behind requireOperator. */
export function peopleRoutes(deleteToolFiles: (files: FileStore, userId: string) => Promise<void>) {
  const person = (c: Context<OperatorEnv>) => getPerson(c.var.deps.db, c.var.deps.env, personIdOf(c));
  return new Hono<OperatorEnv>()
    .get(
      '/',
      describeRoute({
        tags: ['admin'],
        summary: 'People, newest first, by email or name (keyset pages)',
        responses: { 200: jsonResponse('A page of people', peoplePageSchema), ...errors },
      }),
      validate('query', peopleQuerySchema),
      async (c) => c.json(await searchPeople(c.var.deps.db, c.var.deps.env, c.req.valid('query'))),
    )
    .get(
      '/:id',
      describeRoute({
        tags: ['admin'],
        summary: "A person's plan, credits, counts, sign-ins, WhatsApp and sessions",
        responses: { 200: jsonResponse('The person', personDetailSchema), ...errors },
      }),
      async (c) => c.json(await person(c)),
    )
    .post(
      '/:id/grant-pro',
      describeRoute({ tags: ['admin'], summary: 'Grant Pro for N days without payment', responses: done }),
      validate('json', grantProSchema),
      async (c) => {
        await grantPro(c.var.deps.db, actorOf(c), personIdOf(c), c.req.valid('json').days);
        return c.json(await person(c));
      },
    )
    .post(
      '/:id/reset-credits',
      describeRoute({ tags: ['admin'], summary: "Reset today's free messages", responses: done }),
      validate('json', noInputSchema),
      async (c) => {
        await resetCredits(c.var.deps.db, actorOf(c), personIdOf(c));
        return c.json(await person(c));
      },
    )
    .post(
      '/:id/sign-out-everywhere',
      describeRoute({ tags: ['admin'], summary: 'End every session of the person', responses: done }),
      validate('json', noInputSchema),
      async (c) => {
        await signOutEverywhere(c.var.deps.db, actorOf(c), personIdOf(c));
        return c.json(await person(c));
      },
    )
    .post(
      '/:id/ban',
      describeRoute({ tags: ['admin'], summary: 'Ban: no sign-in, every session ends now', responses: done }),
      validate('json', banSchema),
      async (c) => {
        const id = personIdOf(c);
        await banPerson(c.var.deps.db, actorOf(c), id, c.req.valid('json'));
        return c.json(await person(c));
      },
    )
    .post(
      '/:id/unban',
      describeRoute({ tags: ['admin'], summary: 'Lift a ban', responses: done }),
      validate('json', noInputSchema),
      async (c) => {
        await unbanPerson(c.var.deps.db, actorOf(c), personIdOf(c));
        return c.json(await person(c));
      },
    )
    .post(
      '/:id/operator',
      describeRoute({
        tags: ['admin'],
        summary: 'Give or take the operator role (never the last operator’s)',
        responses: { ...done, 409: { description: 'LAST_OPERATOR' } },
      }),
      validate('json', operatorRoleSchema),
      async (c) => {
        const id = personIdOf(c);
        const target = await getPerson(c.var.deps.db, c.var.deps.env, id);
        await setOperatorRole(c.var.deps.db, actorOf(c), target, c.req.valid('json').operator);
        return c.json(await person(c));
      },
    )
    .delete(
      '/:id',
      describeRoute({
        tags: ['admin'],
        summary: 'Delete the account (as its owner can; refused while a subscription renews)',
        responses: { 204: { description: 'Deleted' }, ...errors, 409: { description: 'SUBSCRIPTION_ACTIVE' } },
      }),
      async (c) => {
        const { db, files, env } = c.var.deps;
        await deletePerson(db, files, actorOf(c), personIdOf(c), env, deleteToolFiles);
        return c.body(null, 204);
      },
    );
}
