import { type ChatToolId, THREAD_SEARCH_MAX_LENGTH } from '@polymath/shared';
import { Filter, Search, X } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { baseApi } from '../../lib/api/base-api.ts';
import { useAppDispatch, useAppSelector } from '../../lib/store/store.ts';
import { HistorySkeleton } from './history-skeleton.tsx';
import type { HistoryTool } from './thread-row.tsx';
import { useEscapeFirst } from './use-escape-first.ts';

// The list (its rows, rename with its schema, which brings zod, delete and undo) is for a signed-in
// person only: a visitor's first screen does not fetch it (B7).
const ThreadList = lazy(() => import('./thread-list.tsx').then((m) => ({ default: m.ThreadList })));

type View = 'all' | 'starred';

/** How long typing pauses before the search runs. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * The chat history in the sidebar (and the phone drawer): every tool's chats (each with its tool's
 * icon; a filter shows one tool's) grouped Today / Previous 7 Days / Last Month / Other Days, or only
 * starred ones; a search over titles and messages; a menu per chat to rename, star or delete it.
 * Signed-out visitors get a prompt and no requests.
 */
export function ThreadHistory({
  tools,
  onNavigate,
}: {
  tools: readonly HistoryTool[];
  onNavigate?: (() => void) | undefined;
}) {
  const { t } = useTranslation('history');
  const dispatch = useAppDispatch();
  const userId = useAppSelector((s) => s.user.currentUser?.id ?? null);
  const isLoadingUser = useAppSelector((s) => s.user.isLoadingUser);
  const [view, setView] = useState<View>('all');
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const [toolFilter, setToolFilter] = useState<ChatToolId | undefined>(undefined);
  const searchRef = useRef<HTMLInputElement>(null);
  const headingId = useId();

  useEffect(() => {
    const next = input.trim();
    if (next === query) return;
    const timer = setTimeout(() => setQuery(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, query]);

  // Chats and credits are private: once nobody is signed in, drop what is cached (unused entries
  // are removed, not refetched) so the next account never sees them.
  useEffect(() => {
    if (userId === null) dispatch(baseApi.util.invalidateTags(['Threads', 'Credits']));
  }, [userId, dispatch]);

  const clearSearch = () => {
    setInput('');
    setQuery('');
  };

  useEscapeFirst(searchRef, () => {
    if (input === '') return false;
    clearSearch();
    return true;
  });

  let content: ReactNode;
  if (userId === null && isLoadingUser) {
    content = <HistorySkeleton />;
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
    const tab = (value: View, label: string) => (
      <Tabs.Trigger
        value={value}
        data-testid={`history-tab-${value}`}
        className={cn(
          'flex-1 cursor-pointer rounded-lg px-2 py-1.5 text-xs font-medium transition',
          'focus-visible:outline-2 focus-visible:outline-accent',
          view === value ? 'bg-bg text-fg shadow-sm' : 'text-muted hover:text-fg',
        )}
      >
        {label}
      </Tabs.Trigger>
    );
    const panel = (value: View) => (
      <Tabs.Content value={value} className="flex flex-col focus-visible:outline-none">
        <Suspense fallback={<HistorySkeleton />}>
          <ThreadList
            key={userId}
            starred={value === 'starred'}
            q={query}
            toolId={toolFilter}
            tools={tools}
            onNavigate={onNavigate}
            onRowDeleted={() => searchRef.current?.focus()}
          />
        </Suspense>
      </Tabs.Content>
    );
    content = (
      <Tabs.Root value={view} onValueChange={(v) => setView(v as View)} className="flex min-w-0 flex-col">
        <Tabs.List aria-label={t('title')} className="mx-2 mb-2 flex gap-1 rounded-xl bg-surface-2 p-1">
          {tab('all', t('all'))}
          {tab('starred', t('starred'))}
        </Tabs.List>
        <div className="relative mx-2 mb-2">
          <Search
            className="pointer-events-none absolute top-1/2 left-2.5 h-4 w-4 -translate-y-1/2 text-muted"
            aria-hidden="true"
          />
          <input
            ref={searchRef}
            type="search"
            data-testid="history-search"
            aria-label={t('search.label')}
            placeholder={t('search.placeholder')}
            value={input}
            maxLength={THREAD_SEARCH_MAX_LENGTH}
            onChange={(event) => setInput(event.target.value)}
            className={cn(
              'h-9 w-full min-w-0 rounded-xl border border-border bg-bg pr-9 pl-8 text-base text-fg md:text-sm',
              'placeholder:text-muted focus:outline-2 focus:outline-accent',
              '[&::-webkit-search-cancel-button]:appearance-none',
            )}
          />
          {input ? (
            <button
              type="button"
              onClick={() => {
                clearSearch();
                searchRef.current?.focus();
              }}
              aria-label={t('search.clear')}
              title={t('search.clear')}
              data-testid="history-search-clear"
              className="absolute top-1/2 right-1 flex h-7 w-7 -translate-y-1/2 cursor-pointer items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </button>
          ) : null}
        </div>
        <div className="relative mx-2 mb-2">
          <Filter
            className="pointer-events-none absolute top-1/2 left-2.5 h-4 w-4 -translate-y-1/2 text-muted"
            aria-hidden="true"
          />
          <select
            value={toolFilter ?? ''}
            onChange={(event) => setToolFilter((event.target.value || undefined) as ChatToolId | undefined)}
            aria-label={t('filter.label')}
            data-testid="history-tool-filter"
            className={cn(
              'h-9 w-full min-w-0 cursor-pointer appearance-none rounded-xl border border-border bg-bg pr-3 pl-8 text-base text-fg md:text-sm',
              'focus:outline-2 focus:outline-accent',
            )}
          >
            <option value="">{t('filter.all')}</option>
            {tools.map((tool) => (
              <option key={tool.id} value={tool.id}>
                {tool.label}
              </option>
            ))}
          </select>
        </div>
        {panel('all')}
        {panel('starred')}
      </Tabs.Root>
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
