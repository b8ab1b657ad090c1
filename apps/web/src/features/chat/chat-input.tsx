import { ArrowUp, Mic } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useAppDispatch, useAppSelector } from '../../app/store.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { authDialogOpened } from '../../lib/store/dialogs-slice.ts';
import { draftChanged } from './chat-slice.ts';

const MAX_ROWS_HEIGHT = 200;

/**
 * The message box under every chat screen. Its text is a draft kept in the persisted chat slice,
 * so nothing typed is lost on reload or while signing in. Enter sends, Shift+Enter adds a line.
 */
export function ChatInput({ draftKey, placeholder }: { draftKey: string; placeholder?: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const text = useAppSelector((s) => s.chat.drafts[draftKey] ?? '');
  const signedIn = useAppSelector((s) => s.user.currentUser !== null);
  const ref = useRef<HTMLTextAreaElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the box grows and shrinks with its text
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_ROWS_HEIGHT)}px`;
  }, [text]);

  const send = () => {
    if (!text.trim()) return;
    // Signed-out visitors are asked to sign in; the draft stays where it is.
    if (!signedIn) dispatch(authDialogOpened('signIn'));
    // Models are not connected yet: say so rather than swallow the message (it stays in the box).
    else toast.info(t('chat.unavailable'));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };

  return (
    <form onSubmit={onSubmit} className="mx-auto w-full max-w-3xl px-3 pb-3 sm:px-4 sm:pb-4">
      <div className="flex items-end gap-2 rounded-3xl border border-border bg-surface p-2 shadow-sm focus-within:border-accent">
        <label htmlFor="chat-input" className="sr-only">
          {t('chat.inputLabel')}
        </label>
        <textarea
          id="chat-input"
          ref={ref}
          rows={1}
          value={text}
          onChange={(e) => dispatch(draftChanged({ key: draftKey, text: e.target.value }))}
          onKeyDown={onKeyDown}
          placeholder={placeholder ?? t('chat.placeholder')}
          className="max-h-[200px] min-h-10 flex-1 resize-none bg-transparent px-3 py-2 text-base text-fg placeholder:text-muted focus:outline-none"
        />
        <button
          type="button"
          className={buttonClass('ghost', 'icon', 'rounded-full')}
          aria-label={t('chat.voiceInput')}
          title={t('chat.voiceInput')}
          disabled
        >
          <Mic className="h-5 w-5" aria-hidden="true" />
        </button>
        <button
          type="submit"
          className={buttonClass('primary', 'icon', 'rounded-full')}
          aria-label={t('chat.send')}
          disabled={!text.trim()}
          data-testid="send-message"
        >
          <ArrowUp className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>
      <p className="mt-2 text-center text-xs text-muted">{t('chat.disclaimer')}</p>
    </form>
  );
}
