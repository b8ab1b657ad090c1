import { useChat } from '@ai-sdk/react';
import { documentIdFromUrl, type ErrorCode, type ThreadSummaryMarker } from '@polymath/shared';
import { type DynamicToolUIPart, type FileUIPart, generateId, isToolUIPart, type ToolUIPart } from 'ai';
import { ArrowDown } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import { useNavigate, useParams } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { baseApi } from '../../lib/api/base-api.ts';
import { draftChanged } from '../../lib/store/chat-slice.ts';
import { authDialogOpened, upgradeToProDialogSet } from '../../lib/store/dialogs-slice.ts';
import { type RootState, useAppDispatch, useAppSelector } from '../../lib/store/store.ts';
import { toast } from '../../lib/toast/toast.ts';
import { chatApi } from './chat-api.ts';
import { ChatComposer } from './chat-composer.tsx';
import { ChatErrorNotice } from './chat-error-notice.tsx';
import { chatErrorCode, isDisconnectError } from './chat-errors.ts';
import { ChatIntro } from './chat-intro.tsx';
import {
  type ChatContext,
  type ChatUIMessage,
  createChatTransport,
  messageText,
  requestServerStop,
} from './chat-transport.ts';
import type { ConversationModel, ConversationTool } from './conversation-panel.tsx';
import { type ChatDocument, type DocumentCitations, DocumentCitationsContext } from './document-citations.tsx';
import { DocumentPanel } from './document-panel.tsx';
import { DropOverlay } from './drop-overlay.tsx';
import { preloadMarkdown } from './markdown/lazy-markdown.tsx';
import { MessageList } from './message-list.tsx';
import { SummaryMarker } from './summary-marker.tsx';
import { useAttachments } from './use-attachments.ts';
import { useEarlierMessages } from './use-earlier-messages.ts';
import { useFileDrop } from './use-file-drop.ts';
import { useStickToBottom } from './use-stick-to-bottom.ts';

/** What the last request was, so a retry repeats it and a failed send can be put back in the input. */
type LastRequest = { kind: 'send' | 'edit'; messageId: string } | { kind: 'regenerate' };

function fileParts(message: ChatUIMessage): FileUIPart[] {
  return message.parts.filter((p): p is FileUIPart => p.type === 'file');
}

function hasVisibleContent(message: ChatUIMessage | undefined): boolean {
  return Boolean(
    message?.parts.some(
      (p) => ((p.type === 'text' || p.type === 'reasoning') && p.text.trim() !== '') || isToolUIPart(p),
    ),
  );
}

/** Refusals that the upgrade dialog answers. */
const UPGRADE_CODES: ReadonlySet<ErrorCode> = new Set([
  'OUT_OF_CREDITS',
  'MODEL_REQUIRES_PRO',
  'TOOL_REQUIRES_PRO',
  'PDF_REQUIRES_PRO',
]);

/** The PDFs sent in the chat's messages, in the order first sent (what citations can open). */
function chatDocuments(messages: ChatUIMessage[]): ChatDocument[] {
  const found = new Map<string, ChatDocument>();
  for (const message of messages) {
    if (message.role !== 'user') continue;
    for (const part of fileParts(message)) {
      const id = documentIdFromUrl(part.url);
      if (id && !found.has(id)) found.set(id, { id, name: part.filename ?? 'document.pdf' });
    }
  }
  return [...found.values()];
}

/**
 * A chat with the AI SDK behind it (useChat: sending, streaming, resuming). Its own chunk: ConversationPanel
 * loads it for a signed-in person or a thread with messages, so a visitor's first screen, an empty
 * chat, does not fetch the SDK and zod (B7).
 */
export default function ChatPanel({
  tool,
  threadId,
  initialMessages,
  olderCursor,
  summary,
  resume,
  current,
  banner,
  footer,
}: {
  tool: ConversationTool;
  threadId: string;
  initialMessages: ChatUIMessage[];
  /** Where the messages before `initialMessages` start (null: the chat has none). */
  olderCursor: string | null;
  /** Where earlier messages are summarised for the model (a long chat, or one continued from another). */
  summary?: ThreadSummaryMarker | null | undefined;
  resume: boolean;
  current: ConversationModel;
  banner?: ReactNode;
  footer?: ReactNode;
}) {
  const { t, i18n } = useTranslation('chat');
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const navigate = useNavigate();
  const params = useParams();
  const toolId = tool.id;
  const toolRef = useRef(tool);
  toolRef.current = tool;
  const signedIn = useAppSelector((s) => s.user.currentUser !== null);
  const { model, modelId, locked } = current;
  const vision = model?.capabilities.vision ?? false;
  const openUpgrade = useCallback(() => dispatch(upgradeToProDialogSet(true)), [dispatch]);
  const documentsMode = !tool.documents ? 'off' : tool.documents.locked ? 'locked' : 'on';
  const attachments = useAttachments({ enabled: vision, documents: documentsMode, onLocked: openUpgrade });

  // Read at send time: choosing another model (or changing the tool's inputs) applies at once.
  const locale = i18n.language === 'tr' ? 'tr' : 'en';
  const context = useRef<ChatContext>({ toolId, modelId, locale });
  context.current = { toolId, modelId, locale };
  const transport = useMemo(
    () => createChatTransport(() => ({ ...context.current, toolInput: toolRef.current.input?.() })),
    [],
  );

  const lastRequest = useRef<LastRequest | null>(null);
  /** The failed message went back into the input: a retry sends the input. */
  const restored = useRef(false);
  const [stoppedIds, setStoppedIds] = useState<ReadonlySet<string>>(() => new Set());
  const setMessagesRef = useRef<(messages: ChatUIMessage[]) => void>(() => undefined);

  const chat = useChat<ChatUIMessage>({
    id: threadId,
    messages: initialMessages,
    transport,
    resume,
    throttle: 50,
    onError: (error) => {
      const code = chatErrorCode(error);
      if (code && UPGRADE_CODES.has(code)) dispatch(upgradeToProDialogSet(true));
      else if (code === 'UNAUTHORIZED') dispatch(authDialogOpened('signIn'));
    },
    onFinish: ({ message, messages, isAbort, isError }) => {
      dispatch(baseApi.util.invalidateTags(['Threads', 'Credits']));
      if (isAbort && message.role === 'assistant' && messages.some((m) => m.id === message.id)) {
        setStoppedIds((ids) => new Set(ids).add(message.id));
      }
      if (!isError) return;
      // Refused before any answer (no credits, model unavailable, …): the text goes back into the
      // input, unless something new was typed there meanwhile (then the message stays in the list).
      const request = lastRequest.current;
      const last = messages[messages.length - 1];
      if (request?.kind !== 'send' || last?.role !== 'user' || last.id !== request.messageId) return;
      if ((store.getState().chat.drafts[toolId] ?? '').trim()) return;
      setMessagesRef.current(messages.slice(0, -1));
      dispatch(draftChanged({ key: toolId, text: messageText(last) }));
      attachments.restore(fileParts(last));
      restored.current = true;
    },
  });
  setMessagesRef.current = chat.setMessages;

  const { messages, status, error } = chat;
  const busy = status === 'submitted' || status === 'streaming';
  const errorCode = status === 'error' && error ? chatErrorCode(error) : null;
  const last = messages[messages.length - 1];
  const waiting =
    status === 'submitted' || (status === 'streaming' && !(last?.role === 'assistant' && hasVisibleContent(last)));

  // A new chat gets its address once the server has accepted it (the answer started streaming),
  // replacing the tool's page without remounting: the live stream continues.
  // An answer that arrives in one piece can go from streaming to ready between two renders, so a
  // finished answer counts as started too.
  const onItsUrl = params.threadId === threadId;
  const answered = status === 'streaming' || (status === 'ready' && messages.some((m) => m.role === 'assistant'));
  useEffect(() => {
    if (!answered || onItsUrl) return;
    navigate(toolRef.current.pathOf(threadId), { replace: true });
    dispatch(baseApi.util.invalidateTags(['Threads']));
  }, [answered, onItsUrl, navigate, threadId, dispatch]);

  useEffect(() => {
    if (messages.length) preloadMarkdown();
  }, [messages.length]);

  // The chat's documents, kept stable while an answer streams (a new list only when one is added).
  const documentsKey = chatDocuments(messages)
    .map((d) => `${d.id}:${d.name}`)
    .join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key says when the list changed
  const documents = useMemo(() => chatDocuments(messages), [documentsKey]);
  const [panel, setPanel] = useState<{ documentId: string; page: number } | null>(null);
  const citations = useMemo<DocumentCitations>(
    () => ({ documents, open: (documentId, page) => setPanel({ documentId, page }) }),
    [documents],
  );
  const closePanel = useCallback(() => setPanel(null), []);

  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const { atBottom, scrollToBottom } = useStickToBottom(scroller, content);
  const earlier = useEarlierMessages({
    threadId,
    initialCursor: olderCursor,
    firstId: messages[0]?.id,
    setMessages: chat.setMessages,
    scroller,
  });

  const canRequest = (): boolean => {
    if (!signedIn) {
      dispatch(authDialogOpened('signIn'));
      return false;
    }
    if (locked) {
      dispatch(upgradeToProDialogSet(true));
      return false;
    }
    return !busy;
  };

  const begin = (request: LastRequest) => {
    lastRequest.current = request;
    restored.current = false;
    preloadMarkdown();
    scrollToBottom();
  };

  const handleSend = (text: string): boolean => {
    if (!canRequest() || attachments.control.uploading) return false;
    if (toolRef.current.canSend && !toolRef.current.canSend()) return false;
    if (attachments.control.items.some((a) => a.kind === 'image') && !vision) {
      toast.error(t('attach.noVision'));
      return false;
    }
    const files = attachments.take();
    const id = generateId();
    begin({ kind: 'send', messageId: id });
    chat.sendMessage({ id, role: 'user', parts: [...files, { type: 'text', text }] }).catch(() => undefined);
    return true;
  };

  const handleEdit = useCallbackRef((message: ChatUIMessage, text: string) => {
    if (!canRequest()) return;
    begin({ kind: 'edit', messageId: message.id });
    chat
      .sendMessage({ parts: [...fileParts(message), { type: 'text', text }], messageId: message.id })
      .catch(() => undefined);
  });

  const handleRegenerate = useCallbackRef((messageId?: string) => {
    if (!canRequest()) return;
    begin({ kind: 'regenerate' });
    chat.regenerate(messageId ? { messageId } : {}).catch(() => undefined);
  });

  // Read through a ref, so the callbacks stay the same and finished messages do not re-render.
  const messagesRef = useRef<ChatUIMessage[]>([]);
  messagesRef.current = chat.messages;
  const before = useCallback((messageId: string) => {
    const all = messagesRef.current;
    const index = all.findIndex((m) => m.id === messageId);
    return index < 0 ? all : all.slice(0, index);
  }, []);
  const answerText = useCallback(
    (text: string, message: ChatUIMessage, streaming: boolean) =>
      toolRef.current.answerText?.(text, message, { before, streaming }) ?? text,
    [before],
  );
  const answerFooter = useCallback(
    (message: ChatUIMessage, streaming: boolean) =>
      toolRef.current.answerFooter?.(message, { before, streaming }) ?? null,
    [before],
  );
  const functionCard = useCallback(
    (part: ToolUIPart | DynamicToolUIPart, message: ChatUIMessage) =>
      toolRef.current.functionCard?.(part, message) ?? null,
    [],
  );

  const handleStop = () => {
    requestServerStop(threadId);
    void chat.stop();
  };

  const sendDraft = () => {
    const draft = (store.getState().chat.drafts[toolId] ?? '').trim();
    if (!draft) {
      chat.clearError();
      return;
    }
    if (handleSend(draft)) dispatch(draftChanged({ key: toolId, text: '' }));
  };

  const retry = () => {
    // The thread is busy with an answer (maybe one the connection lost): follow it instead of asking again.
    if (errorCode === 'GENERATION_IN_PROGRESS') {
      chat.resumeStream().catch(() => undefined);
      return;
    }
    if (restored.current || !last) {
      sendDraft();
      return;
    }
    if (isDisconnectError(error) && last.role === 'assistant') {
      chat.resumeStream().catch(() => undefined);
      return;
    }
    if (last.role === 'assistant') handleRegenerate(last.id);
    else if (lastRequest.current?.kind === 'regenerate') handleRegenerate();
    else {
      if (!canRequest()) return;
      begin({ kind: 'edit', messageId: last.id });
      chat.sendMessage({ parts: last.parts, messageId: last.id }).catch(() => undefined);
    }
  };

  // A chat too long for its model goes on in a new one that starts from its summary.
  const [continueChat, continuing] = chatApi.useContinueChatMutation();
  const startNewChat = () => {
    if (continuing.isLoading) return;
    continueChat(threadId)
      .unwrap()
      .then(({ threadId: next }) => navigate(toolRef.current.pathOf(next)))
      .catch(() => toast.error(t('summary.continueFailed')));
  };

  const fillExample = (text: string) => {
    dispatch(draftChanged({ key: toolId, text }));
    document.getElementById('chat-input')?.focus();
  };

  const readOnly = tool.readOnly !== undefined;
  const { dragging, handlers: dropHandlers } = useFileDrop({
    disabled: readOnly,
    accepts: vision || documentsMode !== 'off' || Boolean(tool.takeFiles),
    onFiles: (files) => {
      if (!signedIn) dispatch(authDialogOpened('signIn'));
      else if (tool.takeFiles) tool.takeFiles(files);
      else attachments.control.add(files);
    },
  });

  return (
    <DocumentCitationsContext.Provider value={citations}>
      <div className="flex min-h-0 flex-1">
        <div className="relative flex min-h-0 min-w-0 flex-1 flex-col" {...dropHandlers}>
          {banner}
          <div className="relative min-h-0 flex-1">
            <div
              ref={scroller}
              className="absolute inset-0 overflow-y-auto overflow-x-hidden"
              data-testid="chat-scroller"
            >
              <div ref={content} className="flex min-h-full flex-col">
                {summary?.throughMessageId === '' ? (
                  <div className="mx-auto w-full max-w-3xl px-3 sm:px-4">
                    <SummaryMarker
                      summary={summary}
                      earlierPath={summary.fromThreadId ? tool.pathOf(summary.fromThreadId) : undefined}
                    />
                  </div>
                ) : null}
                {messages.length === 0 ? (
                  tool.intro ? (
                    tool.intro(fillExample)
                  ) : (
                    <ChatIntro model={model} onExample={fillExample} />
                  )
                ) : (
                  <MessageList
                    messages={messages}
                    scroller={scroller}
                    item={{
                      busy,
                      onEdit: handleEdit,
                      onRegenerate: handleRegenerate,
                      functionCard,
                      answerText: tool.answerText ? answerText : undefined,
                      answerFooter: tool.answerFooter ? answerFooter : undefined,
                      readOnly,
                    }}
                    stoppedIds={stoppedIds}
                    earlier={earlier}
                    summary={summary}
                  />
                )}
                {waiting ? (
                  <div
                    className="mx-auto flex w-full max-w-3xl items-center gap-2 px-3 pb-4 text-sm text-muted sm:px-4"
                    role="status"
                    data-testid="chat-waiting"
                  >
                    <Spinner className="h-4 w-4 border-2" />
                    {t('status.waiting')}
                  </div>
                ) : null}
                {errorCode ? (
                  <ChatErrorNotice
                    code={errorCode}
                    onRetry={retry}
                    onUpgrade={() => dispatch(upgradeToProDialogSet(true))}
                    onSignIn={() => dispatch(authDialogOpened('signIn'))}
                    onContinue={{ start: startNewChat, busy: continuing.isLoading }}
                  />
                ) : null}
              </div>
            </div>
            {!atBottom && messages.length > 0 ? (
              <button
                type="button"
                onClick={() => scrollToBottom('smooth')}
                className={buttonClass(
                  'secondary',
                  'icon',
                  'absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full border border-border shadow-md',
                )}
                aria-label={t('actions.scrollToBottom')}
                title={t('actions.scrollToBottom')}
                data-testid="chat-scroll-bottom"
              >
                <ArrowDown className="h-5 w-5" aria-hidden="true" />
              </button>
            ) : null}
          </div>
          {dragging ? (
            <DropOverlay takesPhotos={Boolean(tool.takeFiles)} documents={documentsMode !== 'off'} vision={vision} />
          ) : null}
          <ChatComposer
            tool={tool}
            actions={{ send: (text) => !busy && handleSend(text), fill: fillExample, busy }}
            onSend={handleSend}
            onStop={handleStop}
            attachments={attachments.control}
            footer={footer}
          />
        </div>
        {panel ? (
          <DocumentPanel
            key={panel.documentId}
            documentId={panel.documentId}
            page={panel.page}
            onPage={(page) => setPanel({ ...panel, page })}
            onClose={closePanel}
          />
        ) : null}
      </div>
    </DocumentCitationsContext.Provider>
  );
}

/** A stable callback that always runs the latest closure (memoised messages do not re-render for it). */
function useCallbackRef<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  const ref = useRef(fn);
  ref.current = fn;
  return useCallback((...args: A) => ref.current(...args), []);
}
