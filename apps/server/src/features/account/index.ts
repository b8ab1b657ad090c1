/**
 * The account feature's public face (the signed-in person's own account: /api/me, their profile, photo,
 * login connections, mails and deletion): what other features and the tools may use (the rest is its own).
 */
export { AVATAR_FOLDER, AVATAR_NAME, deleteAccount } from './account.service.ts';
