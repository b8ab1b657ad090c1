import { type Thread, threadPagePath } from '@polymath/shared';

/** Where a thread opens: its tool's page with the thread (the horoscope type too). */
export function threadPath(thread: Pick<Thread, 'id' | 'toolId' | 'pathId'>): string {
  return threadPagePath(thread.toolId, thread.id, thread.pathId);
}

export { threadIdFromPath } from '@polymath/shared';
