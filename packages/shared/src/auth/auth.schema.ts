import { z } from 'zod';
import { oneLineText, opaqueIdSchema } from '../app/text.ts';
import { VALIDATION_MESSAGES as M, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './validation-messages.ts';

/** The same schemas validate the forms in the browser and the bodies on the server. */
export const emailSchema = z
  .string({ error: M.required })
  .trim()
  .min(1, M.required)
  .max(254, M.invalidEmail)
  .pipe(z.email(M.invalidEmail));

export const passwordSchema = z
  .string({ error: M.passwordRequired })
  .min(1, M.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, M.passwordMin)
  .max(PASSWORD_MAX_LENGTH, M.passwordMax);

/** The name given at sign-up. */
export const personNameSchema = oneLineText({ error: M.required }).trim().min(1, M.required).max(100);

export const signInSchema = z.object({ email: emailSchema, password: passwordSchema });
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z
  .object({
    name: personNameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: M.required }).min(1, M.required),
  })
  .refine((v) => v.password === v.confirmPassword, { message: M.passwordsMustMatch, path: ['confirmPassword'] });
export type SignUpInput = z.infer<typeof signUpSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string({ error: M.required }).min(1, M.required) })
  .refine((v) => v.password === v.confirmPassword, { message: M.passwordsMustMatch, path: ['confirmPassword'] });
/** The token of a reset link (better-auth's ids: letters and digits). */
export const resetTokenSchema = opaqueIdSchema(512);

export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
