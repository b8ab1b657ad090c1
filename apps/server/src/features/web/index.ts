/** The web feature's public face: what other features and the tools may use (the rest is its own). */
export type { PageHeads } from './page-head.ts';
