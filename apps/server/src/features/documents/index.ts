/** The documents feature's public face: what other features and the tools may use (the rest is its own). */
export { checkMessageDocuments, prepareDocumentTurn } from './document-turn.ts';
export { deleteUserDocuments } from './documents.service.ts';
