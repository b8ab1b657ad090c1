/**
 * The history's page size and search length, in a file without schemas: the web app's history search
 * box needs the limit on the first screen, and a constant in thread.schema.ts brought that module's
 * schemas, and zod, with it (B7).
 */
export const THREAD_PAGE_SIZE = 30;
export const THREAD_SEARCH_MAX_LENGTH = 200;
/**
 * Messages a chat opens with (the newest) and loads per step as the person scrolls up: a long chat
 * opens as fast as a short one (B10), and a page still fills any screen.
 */
export const THREAD_MESSAGES_PAGE_SIZE = 100;
