/** The data-export feature's public face: what other features and the tools may use (the rest is its own). */
export { deleteUserDataExports } from './data-export.service.ts';
export { answerReader, attachedFiles, threadMessages } from './thread-document.ts';
