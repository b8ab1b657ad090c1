import { lazy, type ReactNode, Suspense, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { baseApi } from '../../lib/api/base-api.ts';
import { withMoreTexts } from '../../lib/i18n/more-texts.ts';
import { useAppDispatch, useAppSelector } from '../../lib/store/store.ts';
import type { ThreadTool } from './thread-row.tsx';
import { ThreadsSkeleton } from './threads-skeleton.tsx';

// A signed-in person's history (tabs, search, the list with its rows, rename schema and menus) is its
// own chunk: a visitor's first screen does not fetch it (B7).
const ThreadTabs = lazy(withMoreTexts(() => import('./thread-tabs.tsx')));

/** How long typing pauses before the search runs. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * The chat history in the sidebar (and the phone drawer): every tool's chats (each with its tool's
 * icon; a filter shows one tool's) grouped Today / Previous 7 Days / Last Month / Other Days, or only
 * starred ones; a search over titles and messages; a menu per chat to rename, star or delete it.
 * Signed-out visitors get a prompt and no requests.
 */
export function ThreadsSection({
  tools,
  onNavigate,
}: {
  tools: readonly ThreadTool[];
  onNavigate?: (() => void) | undefined;
}) {
  const { t } = useTranslation('threads');
  const dispatch = useAppDispatch();
  const userId = useAppSelector((s) => s.user.currentUser?.id ?? null);
  const isLoadingUser = useAppSelector((s) => s.user.isLoadingUser);
  const headingId = useId();

  // Chats and credits are private: once nobody is signed in, drop what is cached (unused entries
  // are removed, not refetched) so the next account never sees them.
  useEffect(() => {
    if (userId === null) dispatch(baseApi.util.invalidateTags(['Threads', 'Credits']));
  }, [userId, dispatch]);

  let content: ReactNode;
  if (userId === null && isLoadingUser) {
    content = <ThreadsSkeleton />;
  } else if (userId === null) {
    content = (
      <div
        data-testid="history-signed-out"
        className="mx-2 flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-4 py-5 text-center text-sm text-muted"
      >
        {/* The sidebar's own Sign in button sits right below: one way in, not two. */}
        <p>{t('signedOut')}</p>
      </div>
    );
  } else {
    content = (
      <Suspense fallback={<ThreadsSkeleton />}>
        <ThreadTabs userId={userId} tools={tools} onNavigate={onNavigate} />
      </Suspense>
    );
  }

  return (
    <section aria-labelledby={headingId} className="flex min-h-0 min-w-0 flex-1 flex-col">
      <h2 id={headingId} className="px-3 pb-2 text-xs font-semibold uppercase tracking-wide text-muted">
        {t('title')}
      </h2>
      {content}
    </section>
  );
}
