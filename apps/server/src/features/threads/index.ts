/** The threads feature's public face: what other features and the tools may use (the rest is its own). */

export type { ThreadFields } from './threads.service.ts';
export { getOwnedThread, withinFreeWindow } from './threads.service.ts';
