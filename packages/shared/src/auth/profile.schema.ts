import { z } from 'zod';
import { oneLineText } from '../app/text.ts';

export const ACCESS_LEVELS = ['free', 'pro'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** Login connections a user can hold (spec §1: Google, Apple, mail/password). */
export const LOGIN_PROVIDERS = ['credential', 'google', 'apple'] as const;
export type LoginProvider = (typeof LOGIN_PROVIDERS)[number];

/** GET /api/me: the signed-in user's profile (spec §3). */
export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  displayName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profilePhotoUrl: z.string().nullable(),
  accessLevel: z.enum(ACCESS_LEVELS),
  plan: z.enum(ACCESS_LEVELS),
  providers: z.array(z.enum(LOGIN_PROVIDERS)),
  locale: z.enum(['en', 'tr']),
});
export type Profile = z.infer<typeof profileSchema>;

const name = oneLineText().trim().max(60);

/** PATCH /api/me: names and display name; empty strings clear a field. */
export const updateProfileSchema = z.strictObject({
  firstName: name.optional(),
  lastName: name.optional(),
  displayName: name.optional(),
  locale: z.enum(['en', 'tr']).optional(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** Profile photos: spec §9 says at most 4 MB. */
export const PROFILE_PHOTO_MAX_BYTES = 4 * 1024 * 1024;
export const PROFILE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
