import { ArrowUp, Mic, MicOff, Square } from 'lucide-react';
import {
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import { buttonClass } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { draftChanged } from '../../lib/store/chat-slice.ts';
import { authDialogOpened } from '../../lib/store/dialogs-slice.ts';
import { type RootState, useAppDispatch, useAppSelector } from '../../lib/store/store.ts';
import { toast } from '../../lib/toast/toast.ts';
import { AttachButton } from './attach-button.tsx';
import { isPdfFile } from './attachment-upload.ts';
import type { AttachmentsControl } from './use-attachments.ts';
import { useDictation } from './use-dictation.ts';

const MAX_ROWS_HEIGHT = 200;
/** The browser sizes a textarea to its text by itself (Chromium 123+, Safari 26+). */
const FIELD_SIZING = typeof CSS !== 'undefined' && CSS.supports?.('field-sizing', 'content') === true;

// The tray (chips, upload progress, a PDF's reading status) shows only once something is attached: its
// own chunk, so an empty chat's first screen does not fetch it (B7).
const AttachmentTray = lazy(() => import('./attachment-tray.tsx').then((m) => ({ default: m.AttachmentTray })));

export type ChatInputProps = {
  draftKey: string;
  placeholder?: string;
  /**
   * Where a signed-in send goes (the web-main chat). Returns true when the text was taken, which
   * empties the draft. Without it the tool has no model connection yet and says so.
   */
  onSend?: (text: string) => boolean;
  /** Sending is off (the tool cannot run on this server; the page says why): Enter and the send button do nothing. */
  disabled?: boolean | undefined;
  /** An answer is being written: Enter does not send and the send button becomes Stop. */
  busy?: boolean;
  onStop?: () => void;
  /** Attachments (images for vision models, PDFs in AI Chat); without it there is no paperclip. */
  attachments?: AttachmentsControl;
};

/**
 * The message box under every chat screen. Its text is a draft kept in the persisted chat slice,
 * so nothing typed is lost on reload or while signing in. Enter sends, Shift+Enter adds a line.
 */
export function ChatInput({
  draftKey,
  placeholder,
  onSend,
  disabled = false,
  busy = false,
  onStop,
  attachments,
}: ChatInputProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const text = useAppSelector((s) => s.chat.drafts[draftKey] ?? '');
  const signedIn = useAppSelector((s) => s.user.currentUser !== null);
  const ref = useRef<HTMLTextAreaElement>(null);

  const setText = useCallback(
    (value: string) => dispatch(draftChanged({ key: draftKey, text: value })),
    [dispatch, draftKey],
  );
  const getText = useCallback(() => store.getState().chat.drafts[draftKey] ?? '', [store, draftKey]);
  const dictation = useDictation({ getText, setText });

  // The box grows and shrinks with its text. Where CSS can do it (field-sizing: content) nothing is
  // measured; elsewhere the height is set from scrollHeight, a forced layout on every keystroke.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the box grows and shrinks with its text
  useEffect(() => {
    const el = ref.current;
    if (!el || FIELD_SIZING) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_ROWS_HEIGHT)}px`;
  }, [text]);

  const uploading = attachments?.uploading ?? false;
  const canSend = Boolean(text.trim()) && !uploading && !disabled;

  const send = () => {
    if (busy || disabled || !text.trim()) return;
    // Signed-out visitors are asked to sign in; the draft stays where it is.
    if (!signedIn) {
      dispatch(authDialogOpened('signIn'));
      return;
    }
    // Tools whose models are not connected yet say so rather than swallow the message.
    if (!onSend) {
      toast.info(t('chat.unavailable'));
      return;
    }
    if (uploading) return;
    dictation.stop();
    if (onSend(text.trim())) setText('');
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
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    if (!attachments) return;
    const files = [...e.clipboardData.files].filter((f) => f.type.startsWith('image/') || isPdfFile(f));
    if (!files.length) return;
    if (!e.clipboardData.getData('text/plain')) e.preventDefault();
    if (!signedIn) dispatch(authDialogOpened('signIn'));
    else attachments.add(files);
  };

  const onVoiceClick = () => {
    if (!dictation.supported) toast.info(t('chat:voice.unsupported'));
    else dictation.toggle();
  };

  const voiceLabel = !dictation.supported
    ? t('chat:voice.unsupported')
    : dictation.listening
      ? t('chat:voice.stop')
      : t('chat:voice.start');

  return (
    <form onSubmit={onSubmit} className="mx-auto w-full max-w-3xl px-3 pb-3 sm:px-4 sm:pb-4">
      <div className="flex flex-col gap-2 rounded-3xl border border-border bg-surface p-2 shadow-sm focus-within:border-accent">
        {attachments?.items.length ? (
          <Suspense fallback={null}>
            <AttachmentTray attachments={attachments} />
          </Suspense>
        ) : null}
        <div className="flex items-end gap-1 sm:gap-2">
          {attachments ? (
            <AttachButton
              attachments={attachments}
              signedIn={signedIn}
              onSignIn={() => dispatch(authDialogOpened('signIn'))}
              onNoVision={() => toast.info(t('chat:attach.noVision'))}
            />
          ) : null}
          <label htmlFor="chat-input" className="sr-only">
            {t('chat.inputLabel')}
          </label>
          <textarea
            id="chat-input"
            ref={ref}
            rows={1}
            value={text}
            onChange={(e) => {
              if (dictation.listening) dictation.stop();
              setText(e.target.value);
            }}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            placeholder={dictation.listening ? t('chat:voice.listening') : (placeholder ?? t('chat.placeholder'))}
            className="field-sizing-content max-h-[200px] min-h-10 min-w-0 flex-1 resize-none bg-transparent px-2 py-2 text-base text-fg placeholder:text-muted focus:outline-none sm:px-3"
          />
          <button
            type="button"
            className={buttonClass(
              dictation.listening ? 'secondary' : 'ghost',
              'icon',
              cn('shrink-0 rounded-full', dictation.listening && 'text-danger', !dictation.supported && 'opacity-50'),
            )}
            aria-label={voiceLabel}
            title={voiceLabel}
            aria-pressed={dictation.supported ? dictation.listening : undefined}
            aria-disabled={!dictation.supported || undefined}
            onClick={onVoiceClick}
            data-testid="voice-button"
          >
            {dictation.listening ? (
              <MicOff className="h-5 w-5" aria-hidden="true" />
            ) : (
              <Mic className="h-5 w-5" aria-hidden="true" />
            )}
          </button>
          {busy && onStop ? (
            <button
              type="button"
              className={buttonClass('primary', 'icon', 'shrink-0 rounded-full')}
              aria-label={t('chat:actions.stop')}
              title={t('chat:actions.stop')}
              onClick={onStop}
              data-testid="chat-stop"
            >
              <Square className="h-4 w-4 fill-current" aria-hidden="true" />
            </button>
          ) : (
            <button
              type="submit"
              className={buttonClass('primary', 'icon', 'shrink-0 rounded-full')}
              aria-label={t('chat.send')}
              disabled={!canSend || busy}
              data-testid="send-message"
            >
              <ArrowUp className="h-5 w-5" aria-hidden="true" />
            </button>
          )}
        </div>
      </div>
      <p className="mt-2 text-center text-xs text-muted">{t('chat.disclaimer')}</p>
    </form>
  );
}
