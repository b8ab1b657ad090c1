/**
 * The history's page size and search length, in a file without schemas: the web app's history search
 * box needs the limit on the first screen, and a constant in thread.schema.ts brought that module's
 * schemas, and zod, with it (B7).
 */
export const THREAD_PAGE_SIZE = 30;
export const THREAD_SEARCH_MAX_LENGTH = 200;
