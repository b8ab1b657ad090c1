import {
  LOGIN_PROVIDERS,
  PROFILE_PHOTO_MAX_BYTES,
  type Profile,
  profileSchema,
  updateProfileSchema,
} from '@polymath/shared';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { setCookie } from 'hono/cookie';
import { describeRoute, resolver } from 'hono-openapi';
import { z } from 'zod';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/app-error.ts';
import { enforceLimit } from '../../lib/limits.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { readUploadedFile } from '../../lib/uploaded-file.ts';
import { validate } from '../../lib/validate.ts';
import { type Auth, requireUser, type UserEnv, verificationMail, withAwaitedDelivery } from '../auth/index.ts';
import {
  deleteAccount,
  getProfile,
  readOwnAvatar,
  removeProfilePhoto,
  setProfilePhoto,
  unlinkConnection,
  updateProfile,
} from './account.service.ts';

type MeEnv = UserEnv;

/** Multipart framing around the photo; anything beyond this is not a 4 MB photo. */
const PHOTO_BODY_LIMIT = PROFILE_PHOTO_MAX_BYTES + 64 * 1024;

const errorResponses = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, { description: `Error (${code}): { error: { code, message } }` }]));

const profileResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: resolver(profileSchema) } },
});

async function profileOf(c: Context<MeEnv>): Promise<Profile> {
  const profile = await getProfile(c.var.deps.db, c.var.user);
  if (!profile) throw new AppError('UNAUTHORIZED');
  return profile;
}

/** /api/me: the signed-in user's profile, photo, connections, mails and account deletion. */
/** `deleteToolFiles`: the files the tools keep for a person, deleted with the account (app.ts passes the tool registry's). */
export function accountRoutes(auth: Auth, deleteToolFiles: (files: FileStore, userId: string) => Promise<void>) {
  // Mails and photo work per user, in this process (a shared store comes with Redis).

  return new Hono<MeEnv>()
    .use(requireUser(auth))
    .get(
      '/',
      describeRoute({
        tags: ['profile'],
        summary: "The signed-in user's profile",
        responses: { 200: profileResponse('Profile'), ...errorResponses(401, 403) },
      }),
      async (c) => {
        c.header('cache-control', 'no-store');
        return c.json(await profileOf(c));
      },
    )
    .patch(
      '/',
      describeRoute({
        tags: ['profile'],
        summary: 'Edit names, display name and mail language',
        responses: { 200: profileResponse('Updated profile'), ...errorResponses(400, 401) },
      }),
      validate('json', updateProfileSchema),
      async (c) => c.json(await updateProfile(c.var.deps.db, c.var.user, c.req.valid('json'))),
    )
    .delete(
      '/',
      describeRoute({
        tags: ['profile'],
        summary: 'Delete the account (body { "confirm": true })',
        description: 'Refused with SUBSCRIPTION_ACTIVE (409) while a Pro subscription is active; nothing is deleted.',
        responses: { 204: { description: 'Deleted; the session cookie is cleared' }, ...errorResponses(400, 401, 409) },
      }),
      validate('json', z.strictObject({ confirm: z.literal(true) })),
      async (c) => {
        await deleteAccount(c.var.deps.db, c.var.deps.files, c.var.user.id, deleteToolFiles);
        const { authCookies } = await auth.$context;
        for (const cookie of [authCookies.sessionToken, authCookies.sessionData, authCookies.dontRememberToken]) {
          const a = cookie.attributes;
          setCookie(c, cookie.name, '', {
            path: a.path ?? '/',
            secure: a.secure ?? false,
            httpOnly: true,
            sameSite: 'Lax',
            maxAge: 0,
          });
        }
        return c.body(null, 204);
      },
    )
    .post(
      '/photo',
      describeRoute({
        tags: ['profile'],
        summary: 'Upload a profile photo (multipart field "photo": JPEG, PNG or WebP, at most 4 MB)',
        description:
          'Checked by content, re-encoded to a 512x512 WebP without metadata and stored under a server-chosen name.',
        responses: { 200: profileResponse('Updated profile'), ...errorResponses(400, 401, 413, 415, 429) },
      }),
      bodyLimit({
        maxSize: PHOTO_BODY_LIMIT,
        onError: () => {
          throw new AppError('PAYLOAD_TOO_LARGE', 'The photo is larger than 4 MB.');
        },
      }),
      async (c) => {
        const { bytes } = await readUploadedFile(c, {
          field: 'photo',
          maxBytes: PROFILE_PHOTO_MAX_BYTES,
          what: 'photo',
          tooLarge: 'The photo is larger than 4 MB.',
          admit: async () => {
            await enforceLimit(c.var.deps.limits.limit('profile-photos', 20, 3600), c.var.user.id);
          },
        });
        return c.json(await setProfilePhoto(c.var.deps.db, c.var.deps.files, c.var.user, bytes));
      },
    )
    .delete(
      '/photo',
      describeRoute({
        tags: ['profile'],
        summary: 'Remove the profile photo',
        responses: { 200: profileResponse('Updated profile'), ...errorResponses(401) },
      }),
      async (c) => c.json(await removeProfilePhoto(c.var.deps.db, c.var.deps.files, c.var.user)),
    )
    .delete(
      '/connections/:provider',
      describeRoute({
        tags: ['profile'],
        summary: 'Unlink a login connection (credential, google or apple)',
        description:
          'Refused with VERIFIED_CONNECTION_REQUIRED (409) when no verified connection would remain. ' +
          'Linking goes through POST /api/auth/link-social.',
        responses: { 200: profileResponse('Updated profile'), ...errorResponses(400, 401, 404, 409) },
      }),
      validate('param', z.object({ provider: z.enum(LOGIN_PROVIDERS) })),
      async (c) => c.json(await unlinkConnection(c.var.deps.db, c.var.user, c.req.valid('param').provider)),
    )
    .post(
      '/verification-email',
      describeRoute({
        tags: ['profile'],
        summary: 'Send the email verification mail again',
        responses: {
          204: { description: 'Sent' },
          ...errorResponses(401, 403, 429),
          502: { description: 'ACTIVATION_EMAIL_FAILED' },
        },
      }),
      async (c) => {
        const { deps, user } = c.var;
        if (user.emailVerified) throw new AppError('OPERATION_NOT_ALLOWED', 'Your email address is already verified.');
        await enforceLimit(c.var.deps.limits.limit('profile-mails', 5, 3600), `verify:${user.id}`);
        const profile = await profileOf(c);
        const message = await verificationMail(deps.secrets.sessionSecret, deps.env.PUBLIC_URL, {
          ...profile,
          name: user.name,
        });
        try {
          await deps.mailer.send(message);
        } catch (err) {
          c.var.log.warn({ err }, 'verification mail failed');
          throw new AppError('ACTIVATION_EMAIL_FAILED');
        }
        return c.body(null, 204);
      },
    )
    .post(
      '/change-password-email',
      describeRoute({
        tags: ['profile'],
        summary: 'Mail a link to set a new password (verified accounts only)',
        description: 'The link opens /forgot-password?token=…; the new password is posted to /api/auth/reset-password.',
        responses: {
          204: { description: 'Sent' },
          ...errorResponses(401, 403, 429),
          502: { description: 'CHANGE_PASSWORD_EMAIL_FAILED' },
        },
      }),
      async (c) => {
        const { user } = c.var;
        if (!user.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED');
        await enforceLimit(c.var.deps.limits.limit('profile-mails', 5, 3600), `password:${user.id}`);
        try {
          // better-auth's reset flow; the mail is awaited so a failure can be told.
          await withAwaitedDelivery('change-password', () =>
            auth.api.requestPasswordReset({ body: { email: user.email } }),
          );
        } catch (err) {
          c.var.log.warn({ err }, 'change password mail failed');
          throw new AppError('CHANGE_PASSWORD_EMAIL_FAILED');
        }
        return c.body(null, 204);
      },
    );
}

/**
 * GET /api/files/avatars/:name: a profile photo, only to its owner (404 for any other name, so one
 * user cannot read another's photo even knowing its name), as image/webp that is never sniffed.
 */
export function avatarRoutes(auth: Auth) {
  return new Hono<AppEnv>().get(
    '/avatars/:name',
    describeRoute({
      tags: ['profile'],
      summary: "The signed-in user's profile photo",
      responses: { 200: { description: 'image/webp' }, ...errorResponses(401, 404) },
    }),
    async (c) => {
      const session = await auth.api.getSession({ headers: c.req.raw.headers });
      if (!session) throw new AppError('UNAUTHORIZED');
      const bytes = await readOwnAvatar(c.var.deps.db, c.var.deps.files, session.user.id, c.req.param('name'));
      if (!bytes) throw new AppError('NOT_FOUND');
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'content-type': 'image/webp',
        'x-content-type-options': 'nosniff',
        // Names are random and never reused: the bytes behind one never change.
        'cache-control': 'private, max-age=31536000, immutable',
        'content-disposition': 'inline',
      });
    },
  );
}
