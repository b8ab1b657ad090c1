import { en } from './en.ts';
import { tr } from './tr.ts';

/** Every namespace in both languages; a test keeps their key sets identical. */
export const resources = { en, tr } as const;
