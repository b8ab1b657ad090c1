import { Brain, ChevronDown } from 'lucide-react';
import { memo, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';

/** A reasoning model's thinking: open while it streams, folded away once the answer starts. */
export const ReasoningBlock = memo(function ReasoningBlock({ text, streaming }: { text: string; streaming: boolean }) {
  const { t } = useTranslation('chat');
  const id = useId();
  const [open, setOpen] = useState(streaming);
  const [wasStreaming, setWasStreaming] = useState(streaming);
  if (wasStreaming !== streaming) {
    setWasStreaming(streaming);
    setOpen(streaming);
  }
  return (
    <div className="my-2 rounded-xl border border-border bg-surface" data-testid="chat-reasoning">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full cursor-pointer items-center gap-2 rounded-xl px-3 py-2 text-left text-sm font-medium text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
      >
        <Brain className={cn('h-4 w-4 shrink-0', streaming && 'animate-pulse text-accent')} aria-hidden="true" />
        <span className="flex-1">{streaming ? t('reasoning.thinking') : t('reasoning.done')}</span>
        <ChevronDown className={cn('h-4 w-4 shrink-0 transition', open && 'rotate-180')} aria-hidden="true" />
      </button>
      <div
        id={id}
        hidden={!open}
        className="max-h-80 overflow-y-auto whitespace-pre-wrap break-words border-t border-border px-3 py-2 text-sm text-muted"
      >
        {text}
      </div>
    </div>
  );
});
