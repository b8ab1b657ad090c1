import { MessageSquareDashed, Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';

type View = 'all' | 'starred';

/**
 * The chat history: all chats grouped Today / Previous 7 Days / Last Month / Other Days, or only
 * starred ones. Threads are stored with the chat feature; until then the empty state explains.
 */
export function ThreadHistory() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('all');
  const tab = (value: View, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={view === value}
      onClick={() => setView(value)}
      className={cn(
        'flex-1 rounded-lg px-2 py-1.5 text-xs font-medium transition',
        view === value ? 'bg-bg text-fg shadow-sm' : 'text-muted hover:text-fg',
      )}
    >
      {label}
    </button>
  );
  return (
    <section aria-labelledby="history-heading" className="flex min-h-0 flex-1 flex-col">
      <h2 id="history-heading" className="px-3 pb-2 text-xs font-semibold uppercase tracking-wide text-muted">
        {t('history.title')}
      </h2>
      <div role="tablist" aria-label={t('history.title')} className="mx-2 mb-3 flex gap-1 rounded-xl bg-surface-2 p-1">
        {tab('all', t('history.all'))}
        {tab('starred', t('history.starred'))}
      </div>
      <div className="flex flex-col items-center gap-2 px-4 py-6 text-center text-sm text-muted">
        {view === 'all' ? (
          <MessageSquareDashed className="h-6 w-6" aria-hidden="true" />
        ) : (
          <Star className="h-6 w-6" aria-hidden="true" />
        )}
        <p>{view === 'all' ? t('history.empty') : t('history.emptyStarred')}</p>
      </div>
    </section>
  );
}
