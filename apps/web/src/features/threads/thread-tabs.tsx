import type { ChatToolId } from '@polymath/shared';
import { THREAD_SEARCH_MAX_LENGTH } from '@polymath/shared';
import { Filter, Search, X } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { ThreadList } from './thread-list.tsx';
import type { ThreadTool } from './thread-row.tsx';
import { SEARCH_DEBOUNCE_MS } from './threads-section.tsx';
import { useEscapeFirst } from './use-escape-first.ts';

type View = 'all' | 'starred';

/**
 * A signed-in person's history (threads-section.tsx holds its place): All / Starred tabs, the search,
 * the tool filter and the list. Its own chunk with Radix's tabs and the list's rows, rename schema
 * (zod) and menus, none of which a visitor's first screen needs (B7).
 */
export default function ThreadTabs({
  userId,
  tools,
  onNavigate,
}: {
  userId: string;
  tools: readonly ThreadTool[];
  onNavigate?: (() => void) | undefined;
}) {
  const { t } = useTranslation('threads');
  const [view, setView] = useState<View>('all');
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const [toolFilter, setToolFilter] = useState<ChatToolId | undefined>(undefined);
  const searchRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const next = input.trim();
    if (next === query) return;
    const timer = setTimeout(() => setQuery(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, query]);

  const clearSearch = () => {
    setInput('');
    setQuery('');
  };

  useEscapeFirst(searchRef, () => {
    if (input === '') return false;
    clearSearch();
    return true;
  });

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
      <ThreadList
        key={userId}
        starred={value === 'starred'}
        q={query}
        toolId={toolFilter}
        tools={tools}
        onNavigate={onNavigate}
        onRowDeleted={() => searchRef.current?.focus()}
      />
    </Tabs.Content>
  );
  return (
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
