import type { ChatToolId, ErrorCode, PublicModel, ThreadSummaryMarker } from '@polymath/shared';
import type { DynamicToolUIPart, ToolUIPart } from 'ai';
import { MessageSquare } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { LoadingPlaceholder } from '../../components/ui/loading-placeholder.tsx';
import { apiErrorCode } from '../../lib/api/api-error.ts';
import { withMoreTexts } from '../../lib/i18n/more-texts.ts';
import { authDialogOpened } from '../../lib/store/dialogs-slice.ts';
import { useAppDispatch, useAppSelector } from '../../lib/store/store.ts';
import { chatApi } from './chat-api.ts';
import type { ChatUIMessage } from './chat-transport.ts';
import { GuestChatPanel } from './guest-chat-panel.tsx';

// With the error texts (ChatErrorNotice, upload errors), which the first screen does without.
const ChatPanel = lazy(withMoreTexts(() => import('./chat-panel.tsx')));

/** The messages the chat opens with; `olderCursor` leads to the ones before (null: these are all). */
type Loaded = {
  messages: ChatUIMessage[];
  olderCursor: string | null;
  live: boolean;
  /** Where earlier messages are summarised for the model (a long chat), if they are. */
  summary?: ThreadSummaryMarker | null | undefined;
};

/**
 * What a tool adds to its chat (the route composes it): the tool's id, where its threads live, its
 * intro and inputs, and how its function calls look in an answer. AI Chat is the tool with none.
 */
/** How an answer shows one function call of its tool (its card); a tool maps its functions' names to these. */
export type FunctionCard = (part: ToolUIPart | DynamicToolUIPart, message: ChatUIMessage) => ReactNode;

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
  functionCard?: FunctionCard;
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
 * (GET /api/threads/:id: the newest ones; ChatPanel loads earlier ones on scroll) and, when an
 * answer is still being written, resumes its stream.
 */
export function ConversationPanel({
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
  const [loaded, setLoaded] = useState<Loaded | null>(() =>
    existing ? null : { messages: [], olderCursor: null, live: false },
  );
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
    setLoaded({
      messages,
      olderCursor: query.data.olderCursor,
      live: activeAnswerId !== null,
      summary: query.data.summary,
    });
    tool.onThreadInput?.(query.data.toolInput);
  }

  // A visitor's empty chat needs no AI SDK: whatever they send opens the sign-in dialog (B7).
  if (loaded && !signedIn && loaded.messages.length === 0) {
    return <GuestChatPanel tool={tool} current={current} banner={banner} footer={footer} />;
  }
  if (loaded) {
    return (
      <Suspense fallback={<LoadingPlaceholder />}>
        <ChatPanel
          tool={tool}
          threadId={threadId}
          initialMessages={loaded.messages}
          olderCursor={loaded.olderCursor}
          summary={loaded.summary}
          resume={loaded.live}
          current={current}
          banner={banner}
          footer={footer}
        />
      </Suspense>
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
