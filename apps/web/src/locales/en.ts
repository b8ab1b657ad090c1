import enChat from './en/chat.json';
import enCommon from './en/common.json';
import enDocuments from './en/documents.json';
import enThreads from './en/threads.json';
import enTools from './en/tools.json';

/**
 * The English texts the first screen and the shell use: bundled with the app (the default language and
 * every key's fallback). The tools' own texts are in en-more.ts.
 */
export const en = {
  common: enCommon,
  tools: enTools,
  chat: enChat,
  threads: enThreads,
  documents: enDocuments,
} as const;
