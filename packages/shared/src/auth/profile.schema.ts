import { z } from 'zod';
import { PLANS } from '../app/plans.ts';
import { oneLineText } from '../app/text.ts';

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
  /** The person's plan (spec §6: roles are carried by accessLevel). */
  accessLevel: z.enum(PLANS),
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
