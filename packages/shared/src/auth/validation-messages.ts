/** Validation texts of the spec (§5), word for word. The web app shows them translated by key. */
export const VALIDATION_MESSAGES = {
  required: 'This field is required',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 8 characters long',
  passwordMax: 'Password must be at most 20 characters long',
  passwordsMustMatch: 'Passwords must match',
  invalidEmail: 'Invalid email address',
  titleMax: 'Title must be at most 50 characters long',
  horoscopeTypeRequired: 'Please selecet an horoscope type.',
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

/** The key of a spec message, so a client can translate a message a schema produced. */
export function validationKeyOf(message: string): ValidationMessageKey | undefined {
  return (Object.keys(VALIDATION_MESSAGES) as ValidationMessageKey[]).find((k) => VALIDATION_MESSAGES[k] === message);
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;
export const THREAD_TITLE_MAX_LENGTH = 50;
