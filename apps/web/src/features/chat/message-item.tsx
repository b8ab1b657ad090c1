import { documentIdFromUrl } from '@polymath/shared';
import { type DynamicToolUIPart, type FileUIPart, isToolUIPart, type ToolUIPart } from 'ai';
import { Pencil, RefreshCw } from 'lucide-react';
import { type KeyboardEvent, memo, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.tsx';
import { type ChatUIMessage, messageText } from './chat-transport.ts';
import { CopyButton } from './copy-button.tsx';
import { SentDocument } from './document-citations.tsx';
import { Markdown } from './markdown/lazy-markdown.tsx';
import { ReasoningBlock } from './reasoning-block.tsx';

const actionClass =
  'inline-flex h-8 min-w-8 cursor-pointer items-center justify-center rounded-lg px-1.5 text-muted transition hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-40';

export type MessageItemProps = {
  message: ChatUIMessage;
  /** The last message of the conversation (only the last answer can be regenerated). */
  isLast: boolean;
  /** A request is in progress: editing and regenerating wait. */
  busy: boolean;
  /** Stopped by the person in this session (stored answers say so in their metadata). */
  stopped: boolean;
  onEdit: (message: ChatUIMessage, text: string) => void;
  onRegenerate: (messageId: string) => void;
  /** How a function call in an answer looks (the tool decides; stable across renders). */
  functionCard?: (part: ToolUIPart | DynamicToolUIPart, message: ChatUIMessage) => ReactNode;
  /** The tool's reading of an answer's text before it is rendered (stable across renders). */
  answerText?: ((text: string, message: ChatUIMessage, streaming: boolean) => string) | undefined;
  /** What the tool shows under an answer (stable across renders). */
  answerFooter?: ((message: ChatUIMessage, streaming: boolean) => ReactNode) | undefined;
  /** The chat is only shown here (written elsewhere): no editing or regenerating. */
  readOnly?: boolean;
  /** The message's place in a virtualised chat (1-based), where not every message is in the DOM. */
  position?: { index: number; count: number } | undefined;
  /** Shown at the end of the message (the marker where earlier messages are summarised). */
  after?: ReactNode;
};

/**
 * One message. Memoised: while an answer streams only that answer re-renders; the AI SDK keeps
 * every other message object as it was.
 */
export const MessageItem = memo(function MessageItem(props: MessageItemProps) {
  return props.message.role === 'user' ? <UserMessage {...props} /> : <AssistantMessage {...props} />;
});

function fileParts(message: ChatUIMessage): FileUIPart[] {
  return message.parts.filter((p): p is FileUIPart => p.type === 'file');
}

function UserMessage({ message, busy, onEdit, readOnly, position, after }: MessageItemProps) {
  const { t } = useTranslation('chat');
  const [editing, setEditing] = useState(false);
  const text = messageText(message);
  const images = fileParts(message).filter((p) => p.mediaType.startsWith('image/'));
  const documents = fileParts(message).flatMap((p) => {
    const id = documentIdFromUrl(p.url);
    return id ? [{ id, name: p.filename ?? 'document.pdf' }] : [];
  });
  return (
    <article
      className="group flex flex-col items-end gap-1"
      data-testid="chat-message"
      data-role="user"
      data-message-id={message.id}
      aria-label={t('you')}
      aria-posinset={position?.index}
      aria-setsize={position?.count}
    >
      {images.length ? (
        <ul className="flex max-w-[85%] flex-wrap justify-end gap-2">
          {images.map((image) => (
            <li key={image.url}>
              <a href={image.url} target="_blank" rel="noopener noreferrer">
                <img
                  src={image.url}
                  alt={image.filename ?? t('attach.image')}
                  className="h-28 w-28 rounded-xl border border-border object-cover sm:h-32 sm:w-32"
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {documents.length ? (
        <ul className="flex max-w-[85%] flex-wrap justify-end gap-2">
          {documents.map((document) => (
            <li key={document.id}>
              <SentDocument document={document} />
            </li>
          ))}
        </ul>
      ) : null}
      {editing ? (
        <EditBox
          initial={text}
          onCancel={() => setEditing(false)}
          onSave={(value) => {
            setEditing(false);
            onEdit(message, value);
          }}
        />
      ) : (
        <>
          <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-surface-2 px-4 py-2.5 text-fg">
            {text}
          </div>
          <div className="flex gap-0.5 opacity-100 transition sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100">
            <CopyButton text={text} label={t('actions.copy')} testId="chat-copy" />
            {readOnly ? null : (
              <button
                type="button"
                className={actionClass}
                onClick={() => setEditing(true)}
                disabled={busy}
                aria-label={t('actions.edit')}
                title={t('actions.edit')}
                data-testid="chat-edit"
              >
                <Pencil className="h-4 w-4" aria-hidden="true" />
              </button>
            )}
          </div>
        </>
      )}
      {after}
    </article>
  );
}

/** Inline editing of a sent message: Enter sends, Shift+Enter adds a line, Escape cancels. */
function EditBox({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('chat');
  const [value, setValue] = useState(initial);
  const ref = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the box grows with its text
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 320)}px`;
  }, [value]);
  const save = () => {
    if (value.trim()) onSave(value.trim());
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onCancel();
    } else if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      save();
    }
  };
  return (
    <div className="w-full max-w-[85%] rounded-2xl border border-accent bg-surface p-2" data-testid="chat-edit-box">
      <label htmlFor={id} className="sr-only">
        {t('editLabel')}
      </label>
      <textarea
        id={id}
        ref={ref}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={`${id}-hint`}
        className="max-h-80 min-h-16 w-full resize-none bg-transparent px-2 py-1 text-base text-fg focus:outline-none"
      />
      <div className="flex flex-wrap items-center justify-end gap-2">
        <span id={`${id}-hint`} className="mr-auto hidden text-xs text-muted sm:inline">
          {t('editHint')}
        </span>
        <button type="button" className={buttonClass('ghost', 'sm')} onClick={onCancel}>
          {t('actions.cancel')}
        </button>
        <button
          type="button"
          className={buttonClass('primary', 'sm')}
          onClick={save}
          disabled={!value.trim()}
          data-testid="chat-edit-save"
        >
          {t('actions.save')}
        </button>
      </div>
    </div>
  );
}

function AssistantMessage({
  message,
  isLast,
  busy,
  stopped,
  onRegenerate,
  functionCard,
  answerText,
  answerFooter,
  readOnly,
  position,
  after,
}: MessageItemProps) {
  const { t } = useTranslation('chat');
  const text = messageText(message);
  const status = message.metadata?.status;
  const streaming = isLast && busy;
  const note =
    stopped || status === 'stopped'
      ? t('status.stopped')
      : status === 'interrupted'
        ? t('status.interrupted')
        : status === 'failed'
          ? t('status.failed')
          : null;
  return (
    <article
      className="flex flex-col gap-1"
      data-testid="chat-message"
      data-role="assistant"
      data-message-id={message.id}
      aria-label={t('assistant')}
      aria-busy={streaming || undefined}
      aria-posinset={position?.index}
      aria-setsize={position?.count}
    >
      <div className="min-w-0 text-fg">
        {message.parts.map((part, index) => {
          // Parts only grow at the end while streaming, so their position is a stable key.
          const key = `${message.id}:${index}`;
          if (part.type === 'reasoning') {
            return <ReasoningBlock key={key} text={part.text} streaming={part.state === 'streaming'} />;
          }
          if (part.type === 'text') {
            return <Markdown key={key} text={answerText ? answerText(part.text, message, streaming) : part.text} />;
          }
          if (isToolUIPart(part) && functionCard) return <div key={key}>{functionCard(part, message)}</div>;
          return null;
        })}
      </div>
      {answerFooter ? answerFooter(message, streaming) : null}
      {note ? <p className="text-xs italic text-muted">{note}</p> : null}
      {!streaming && (text || isLast) ? (
        <div className="-ml-1.5 flex gap-0.5">
          {text ? <CopyButton text={text} label={t('actions.copy')} testId="chat-copy" /> : null}
          {isLast && !readOnly ? (
            <button
              type="button"
              className={actionClass}
              onClick={() => onRegenerate(message.id)}
              disabled={busy}
              aria-label={t('actions.regenerate')}
              title={t('actions.regenerate')}
              data-testid="chat-regenerate"
            >
              <RefreshCw className="h-4 w-4" aria-hidden="true" />
            </button>
          ) : null}
        </div>
      ) : null}
      {after}
    </article>
  );
}
