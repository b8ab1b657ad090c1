import type { ChatToolId, Thread } from '@polymath/shared';
import { MessageSquareDashed, RotateCw, SearchX, Star } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { groupThreadsByDate, type ThreadGroupKey } from './group-threads.ts';
import { threadIdFromPath } from './thread-path.ts';
import { ThreadRow, type ThreadTool } from './thread-row.tsx';
import { useListThreadsInfiniteQuery } from './threads-api.ts';
import { ThreadsSkeleton } from './threads-skeleton.tsx';
import { useThreadActions } from './use-thread-actions.ts';

// The share dialog is its own chunk, fetched the first time a row's "Share…" opens it.
const ShareDialog = lazy(() => import('./share-dialog.tsx'));

/** Loads the next page this far before the end of the list comes into view. */
const PRELOAD_MARGIN = '0px 0px 240px 0px';

type ListProps = {
  starred: boolean;
  /** The (debounced) search; results replace the date groups. */
  q: string;
  /** Only this tool's chats (all when undefined). */
  toolId?: ChatToolId | undefined;
  /** The tools, for each row's icon. */
  tools: readonly ThreadTool[];
  onNavigate?: (() => void) | undefined;
  onRowDeleted: () => void;
};

/** One view of the history (all or starred, maybe searched), page by page as it scrolls. */
export function ThreadList({ starred, q, toolId, tools, onNavigate, onRowDeleted }: ListProps) {
  const { t } = useTranslation('threads');
  const {
    data,
    currentData,
    isLoading,
    isError,
    isFetching,
    refetch,
    hasNextPage,
    fetchNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
  } = useListThreadsInfiniteQuery({ starred, q, toolId });
  const { pathname } = useLocation();
  const actions = useThreadActions();
  const sentinel = useRef<HTMLDivElement>(null);
  const pageCount = data?.pages.length ?? 0;

  // Infinite scroll: observe a marker below the last row; re-observed after every page so a
  // marker that is still in view after loading asks for the next page too.
  useEffect(() => {
    const element = sentinel.current;
    if (!element || pageCount === 0 || !hasNextPage || isFetching || isFetchNextPageError) return;
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void fetchNextPage();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetching, isFetchNextPageError, fetchNextPage, pageCount]);

  if (!data) {
    if (isError && !isFetching) {
      return (
        <div
          role="alert"
          data-testid="history-error"
          className="flex flex-col items-center gap-2 px-4 py-6 text-center text-sm text-muted"
        >
          <p>{t('loadError')}</p>
          <button
            type="button"
            onClick={() => void refetch()}
            className={buttonClass('secondary', 'sm')}
            data-testid="history-retry"
          >
            <RotateCw className="h-4 w-4" aria-hidden="true" />
            {t('retry')}
          </button>
        </div>
      );
    }
    return <ThreadsSkeleton />;
  }

  // One row per thread even if an optimistic insert and a later page both bring it.
  const threads = [...new Map(data.pages.flatMap((page) => page.threads.map((t) => [t.id, t] as const))).values()];
  const activeId = threadIdFromPath(pathname);
  const stale = !currentData && isFetching && !isLoading;

  const row = (thread: Thread) => (
    <ThreadRow
      key={thread.id}
      thread={thread}
      active={thread.id === activeId}
      tool={tools.find((tool) => tool.id === thread.toolId)}
      actions={actions}
      onNavigate={onNavigate}
      onDeleted={onRowDeleted}
    />
  );

  let body: ReactNode;
  if (threads.length === 0) {
    body = q ? (
      <EmptyState
        icon={<SearchX className="h-6 w-6" aria-hidden="true" />}
        text={t('search.noResults', { query: q })}
      />
    ) : (
      <EmptyState
        icon={
          starred ? (
            <Star className="h-6 w-6" aria-hidden="true" />
          ) : (
            <MessageSquareDashed className="h-6 w-6" aria-hidden="true" />
          )
        }
        text={starred ? t('emptyStarred') : t('empty')}
      />
    );
  } else if (q) {
    body = (
      <ul aria-label={t('search.results')} data-testid="history-results" className="flex flex-col gap-0.5 px-1">
        {threads.map(row)}
      </ul>
    );
  } else {
    // The clock is read at render time, never cached, so groups follow the day (and test clocks).
    body = groupThreadsByDate(threads, new Date(Date.now())).map((group) => (
      <ThreadGroupSection key={group.key} groupKey={group.key}>
        {group.threads.map(row)}
      </ThreadGroupSection>
    ));
  }

  return (
    <div className={cn('flex flex-col transition-opacity', stale && 'opacity-60')} aria-busy={isFetching || undefined}>
      {body}
      {actions.sharing !== null ? (
        <Suspense fallback={null}>
          <ShareDialog threadId={actions.sharing} onClose={actions.stopSharing} />
        </Suspense>
      ) : null}
      {hasNextPage ? (
        <div className="flex min-h-10 items-center justify-center py-2">
          <div ref={sentinel} aria-hidden="true" className="h-px w-px" />
          {isFetchingNextPage ? (
            <span role="status" className="flex items-center gap-2 text-xs text-muted">
              <Spinner className="h-4 w-4" />
              <span className="sr-only">{t('loadingMore')}</span>
            </span>
          ) : isFetchNextPageError ? (
            <div role="alert" className="flex flex-wrap items-center justify-center gap-2 text-xs text-muted">
              <span>{t('loadError')}</span>
              <button
                type="button"
                onClick={() => void fetchNextPage()}
                className={buttonClass('ghost', 'sm')}
                data-testid="history-load-more"
              >
                <RotateCw className="h-4 w-4" aria-hidden="true" />
                {t('retry')}
              </button>
            </div>
          ) : (
            <button
              type="button"
              onClick={() => void fetchNextPage()}
              disabled={isFetching}
              className={buttonClass('ghost', 'sm', 'text-muted')}
              data-testid="history-load-more"
            >
              {t('loadMore')}
            </button>
          )}
        </div>
      ) : null}
    </div>
  );
}

function ThreadGroupSection({ groupKey, children }: { groupKey: ThreadGroupKey; children: ReactNode }) {
  const { t } = useTranslation('threads');
  const headingId = useId();
  return (
    <section data-testid={`history-group-${groupKey}`} aria-labelledby={headingId} className="pb-2">
      <h3 id={headingId} className="px-3 pt-1 pb-1 text-xs font-semibold text-muted">
        {t(`groups.${groupKey}`)}
      </h3>
      <ul className="flex flex-col gap-0.5 px-1">{children}</ul>
    </section>
  );
}

function EmptyState({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <div
      data-testid="history-empty"
      className="flex flex-col items-center gap-2 px-4 py-6 text-center text-sm text-muted"
    >
      {icon}
      <p className="max-w-full break-words">{text}</p>
    </div>
  );
}

/** Placeholder rows while the first page loads (or while we learn whether someone is signed in). */
