import { useChat } from '@ai-sdk/react';
import { type ChatToolId, documentIdFromUrl, type ErrorCode, type PublicModel } from '@polymath/shared';
import { type DynamicToolUIPart, type FileUIPart, generateId, isToolUIPart, type ToolUIPart } from 'ai';
import { ArrowDown, ImagePlus, MessageSquare } from 'lucide-react';
import { type DragEvent, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { buttonClass } from '../../components/ui/button.tsx';
import { LoadingPlaceholder } from '../../components/ui/loading-placeholder.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { apiErrorCode } from '../../lib/api/api-error.ts';
import { baseApi } from '../../lib/api/base-api.ts';
import { draftChanged } from '../../lib/store/chat-slice.ts';
import { authDialogOpened, upgradeToProDialogSet } from '../../lib/store/dialogs-slice.ts';
import { type RootState, useAppDispatch, useAppSelector } from '../../lib/store/store.ts';
import { chatApi } from './chat-api.ts';
import { ChatErrorNotice } from './chat-error-notice.tsx';
import { chatErrorCode, isDisconnectError } from './chat-errors.ts';
import { ChatInput } from './chat-input.tsx';
import { ChatIntro } from './chat-intro.tsx';
import {
  type ChatContext,
  type ChatUIMessage,
  createChatTransport,
  messageText,
  requestServerStop,
} from './chat-request.ts';
import { type ChatDocument, type DocumentCitations, DocumentCitationsContext } from './document-citations.tsx';
import { DocumentPanel } from './document-panel.tsx';
import { preloadMarkdown } from './markdown/lazy-markdown.tsx';
import { MessageList } from './message-list.tsx';
import { useAttachments } from './use-attachments.ts';
import { useStickToBottom } from './use-stick-to-bottom.ts';

type Loaded = { messages: ChatUIMessage[]; live: boolean };

/**
 * What a tool adds to its chat (the route composes it): the tool's id, where its threads live, its
 * intro and inputs, and how its function calls look in an answer. AI Chat is the tool with none.
 */
export type ConversationTool = {
  id: ChatToolId;
  /** The tool's name, the heading of a thread that cannot be shown (AI Chat's without it). */
  title?: string;
  /** A thread's page (the chat moves there once its first answer starts). */
  pathOf(threadId: string): string;
  /** Shown on an empty chat instead of the model's examples; `fill` puts an example in the input. */
  intro?: (fill: (text: string) => void) => ReactNode;
  /**
   * The tool's inputs, above the message box. As a function it gets `send`, which sends a message
   * of the tool's own making (a "Get my reading" button) exactly as the message box would.
   */
  inputs?: ReactNode | ((chat: ChatActions) => ReactNode);
  /** The inputs the next request carries (read when it is sent). */
  input?(): Record<string, unknown> | undefined;
  /** Checks the inputs before a new message goes out; false sends nothing (the tool shows why). */
  canSend?(): boolean;
  /** How a function call of an answer looks (image cards); without it the call is not shown. */
  renderToolPart?(part: ToolUIPart | DynamicToolUIPart, message: ChatUIMessage): ReactNode;
  /** An answer's text as it is rendered (markdown); web search turns its [n] into links to the sources. */
  answerText?(text: string, message: ChatUIMessage, context: AnswerContext): string;
  /** Shown under an answer (web search: its progress while the functions run, then its source cards). */
  answerFooter?(message: ChatUIMessage, context: AnswerContext): ReactNode;
  /** Sending is off: the tool cannot run on this server (the tool's inputs say why). */
  sendDisabled?: boolean;
  /**
   * Files dropped on the chat go to the tool instead of becoming attachments (photo translate: the
   * photo to translate); the tool also takes pasted ones itself, and the message box attaches nothing.
   */
  takeFiles?(files: File[]): void;
  /** The inputs stored with a thread that was opened (null when it has none). */
  onThreadInput?(input: Record<string, unknown> | null): void;
  /**
   * PDFs may be attached (ask PDF: AI Chat); `locked` for a free person, who sees the PRO lock and
   * the upgrade dialog. Without it the chat takes images only.
   */
  documents?: { locked: boolean };
  /**
   * Shown instead of the message box when the tool's chats are written elsewhere (WhatsApp) and
   * only shown here: nothing can be sent, edited or regenerated.
   */
  readOnly?: ReactNode;
};

/** What a tool's inputs may do with the chat: send a message (as the input would) or fill the input. */
export type ChatActions = {
  /** Sends `text` as the next message; false when it could not go (busy, signed out, refused). */
  send(text: string): boolean;
  fill(text: string): void;
  /** An answer is being written. */
  busy: boolean;
};

/** The conversation an answer belongs to, for tools whose answers depend on earlier ones (web search's sources). */
export type AnswerContext = {
  /** The messages before this one, oldest first. */
  before(messageId: string): ChatUIMessage[];
  /** This answer is being written right now. */
  streaming: boolean;
};

/** The model the conversation talks to, chosen outside it (the route composes the models feature). */
export type ConversationModel = {
  /** The model in use; undefined while the catalogue loads. */
  model: PublicModel | undefined;
  /** What a request names. */
  modelId: string;
  /** The person's plan does not allow the model: a send opens the upgrade dialog instead. */
  locked: boolean;
};

/**
 * A tool's chat for one thread id. A new chat starts empty; an existing one loads its messages
 * (GET /api/threads/:id) and, when an answer is still being written, resumes its stream.
 */
export function Conversation({
  tool,
  threadId,
  existing,
  current,
  banner,
  footer,
}: {
  tool: ConversationTool;
  threadId: string;
  existing: boolean;
  current: ConversationModel;
  /** Shown above the messages (the route puts the demo-model notice there). */
  banner?: ReactNode;
  /** Shown under the message box (the route puts the credits meter there). */
  footer?: ReactNode;
}) {
  const signedIn = useAppSelector((s) => s.user.currentUser !== null);
  const [mountedAt] = useState(() => Date.now());
  const [loaded, setLoaded] = useState<Loaded | null>(() => (existing ? null : { messages: [], live: false }));
  // The messages are copied once into the chat, which owns them from then on: the query is dropped
  // after that (later invalidations of Threads do not refetch it). Signed-out visitors cannot see a
  // thread, so nothing is asked until they sign in (then it loads by itself).
  const query = chatApi.useGetChatThreadQuery(threadId, {
    skip: loaded !== null || !signedIn,
    refetchOnMountOrArgChange: true,
  });
  const fresh = query.data !== undefined && !query.isFetching && (query.fulfilledTimeStamp ?? 0) >= mountedAt;
  if (loaded === null && fresh && query.data) {
    const { activeAnswerId } = query.data;
    // A running answer is replayed from its start by the resumed stream: drop the partial copy the
    // server saved so far, or the replay would be appended to it.
    const messages = (query.data.messages as unknown as ChatUIMessage[]).filter((m) => m.id !== activeAnswerId);
    setLoaded({ messages, live: activeAnswerId !== null });
    tool.onThreadInput?.(query.data.toolInput);
  }

  if (loaded) {
    return (
      <ChatSession
        tool={tool}
        threadId={threadId}
        initialMessages={loaded.messages}
        resume={loaded.live}
        current={current}
        banner={banner}
        footer={footer}
      />
    );
  }
  if (!signedIn) {
    return <ThreadLoadError title={tool.title} home={tool.pathOf('')} code="UNAUTHORIZED" onRetry={() => undefined} />;
  }
  if (query.isError && !query.isFetching) {
    return (
      <ThreadLoadError
        title={tool.title}
        home={tool.pathOf('')}
        code={apiErrorCode(query.error)}
        onRetry={() => query.refetch()}
      />
    );
  }
  return <LoadingPlaceholder />;
}

function ThreadLoadError({
  title,
  home,
  code,
  onRetry,
}: {
  title?: string | undefined;
  home: string;
  code: ErrorCode;
  onRetry: () => void;
}) {
  const { t } = useTranslation('chat');
  const dispatch = useAppDispatch();
  return (
    <section className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 px-4 py-12 text-center">
      <span className="inline-flex h-14 w-14 items-center justify-center rounded-2xl bg-accent-soft text-accent">
        <MessageSquare className="h-7 w-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight">{title ?? t('tools:chat.title')}</h1>
      <p role="alert" className="text-muted" data-testid="thread-load-error" data-code={code}>
        {code === 'NOT_FOUND'
          ? t('thread.notFound')
          : code === 'UNAUTHORIZED'
            ? t('thread.signIn')
            : t('thread.loadFailed')}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {code === 'UNAUTHORIZED' ? (
          <button type="button" className={buttonClass('primary')} onClick={() => dispatch(authDialogOpened('signIn'))}>
            {t('actions.signIn')}
          </button>
        ) : code !== 'NOT_FOUND' ? (
          <button type="button" className={buttonClass('secondary')} onClick={onRetry}>
            {t('actions.retry')}
          </button>
        ) : null}
        <Link to={home} className={buttonClass(code === 'NOT_FOUND' ? 'primary' : 'ghost')}>
          {t('actions.newChat')}
        </Link>
      </div>
    </section>
  );
}

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

function ChatSession({
  tool,
  threadId,
  initialMessages,
  resume,
  current,
  banner,
  footer,
}: {
  tool: ConversationTool;
  threadId: string;
  initialMessages: ChatUIMessage[];
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
  const renderToolPart = useCallback(
    (part: ToolUIPart | DynamicToolUIPart, message: ChatUIMessage) =>
      toolRef.current.renderToolPart?.(part, message) ?? null,
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

  const fillExample = (text: string) => {
    dispatch(draftChanged({ key: toolId, text }));
    document.getElementById('chat-input')?.focus();
  };

  const [dragging, setDragging] = useState(false);
  const readOnly = tool.readOnly !== undefined;
  const hasFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');
  const onDragOver = (e: DragEvent) => {
    if (readOnly || !hasFiles(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = vision || documentsMode !== 'off' || tool.takeFiles ? 'copy' : 'none';
    setDragging(true);
  };
  const onDragLeave = (e: DragEvent) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (e: DragEvent) => {
    if (readOnly || !hasFiles(e)) return;
    e.preventDefault();
    setDragging(false);
    if (!signedIn) dispatch(authDialogOpened('signIn'));
    else if (tool.takeFiles) tool.takeFiles([...e.dataTransfer.files]);
    else attachments.control.add([...e.dataTransfer.files]);
  };

  return (
    <DocumentCitationsContext.Provider value={citations}>
      <div className="flex min-h-0 flex-1">
        {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping files is a shortcut; the paperclip button does the same */}
        <div
          className="relative flex min-h-0 min-w-0 flex-1 flex-col"
          onDragOver={onDragOver}
          onDragLeave={onDragLeave}
          onDrop={onDrop}
        >
          {banner}
          <div className="relative min-h-0 flex-1">
            <div
              ref={scroller}
              className="absolute inset-0 overflow-y-auto overflow-x-hidden"
              data-testid="chat-scroller"
            >
              <div ref={content} className="flex min-h-full flex-col">
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
                      renderToolPart,
                      answerText: tool.answerText ? answerText : undefined,
                      answerFooter: tool.answerFooter ? answerFooter : undefined,
                      readOnly,
                    }}
                    stoppedIds={stoppedIds}
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
            <div
              className="pointer-events-none absolute inset-2 z-10 flex flex-col items-center justify-center gap-2 rounded-3xl border-2 border-dashed border-accent bg-bg/85 text-center text-sm font-medium"
              aria-hidden="true"
            >
              <ImagePlus className="h-8 w-8 text-accent" />
              {tool.takeFiles
                ? t('attach.dropPhoto')
                : documentsMode !== 'off'
                  ? t('documents:attach.drop')
                  : vision
                    ? t('attach.drop')
                    : t('attach.noVision')}
            </div>
          ) : null}
          {readOnly ? (
            tool.readOnly
          ) : (
            <>
              {typeof tool.inputs === 'function'
                ? tool.inputs({ send: (text) => !busy && handleSend(text), fill: fillExample, busy })
                : tool.inputs}
              <ChatInput
                draftKey={toolId}
                onSend={handleSend}
                busy={busy}
                onStop={handleStop}
                attachments={tool.takeFiles ? undefined : attachments.control}
                disabled={tool.sendDisabled}
              />
              {footer}
            </>
          )}
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
