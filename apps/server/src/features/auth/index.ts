/** The auth feature's public face: what other features and the tools may use (the rest is its own). */

export type { Auth } from './auth.ts';
export { composeMail, enabledSocialProviders, localeOf, verificationMail, withAwaitedDelivery } from './auth.ts';
export { mapAuthError } from './auth-errors.ts';
export { providersOf } from './login-providers.ts';
export type { UserEnv } from './require-user.ts';
export { requireUser, sessionReader } from './require-user.ts';
export { sessionCacheOf } from './session-cache.ts';
