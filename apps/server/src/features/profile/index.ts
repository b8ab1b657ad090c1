/** The profile feature's public face: what other features and the tools may use (the rest is its own). */
export { AVATAR_FOLDER, AVATAR_NAME, deleteAccount } from './profile.service.ts';
