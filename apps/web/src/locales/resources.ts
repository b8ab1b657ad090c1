import { en } from './en.ts';
import { enMore } from './en-more.ts';
import { tr } from './tr.ts';

/** Every namespace in both languages; a test keeps their key sets identical. */
export const resources = { en: { ...en, ...enMore }, tr } as const;
