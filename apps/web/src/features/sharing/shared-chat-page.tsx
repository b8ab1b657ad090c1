import type { SharedChat, SharedMessage } from '@polymath/shared';
import { FileText, ImageOff, Link2, Lock, LogIn, MessageSquare, RotateCw, Unlink } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { apiErrorMessage } from '../../lib/api/api-error.ts';
import { useContinueSharedChatMutation, useGetSharedChatQuery } from '../../lib/api/sharing-api.ts';
import { dateTimeFormat } from '../../lib/intl/formatters.ts';
import { authDialogOpened } from '../../lib/store/dialogs-slice.ts';
import { useAppDispatch, useAppSelector } from '../../lib/store/store.ts';
import { toast } from '../../lib/toast/toast.ts';

type RenderMarkdown = (text: string) => ReactNode;

/**
 * The public page of a shared chat (/share/<id>): the conversation as its owner shared it, read-only,
 * for anyone with the link, signed in or not. Answers go through the app's own markdown renderer
 * (handed in by the route: the same sanitising, http(s) links only, remote images as links); the
 * pictures come from the share's own URLs. A signed-in visitor can copy it into their history.
 */
export function SharedChatPage({ shareId, renderMarkdown }: { shareId: string; renderMarkdown: RenderMarkdown }) {
  const { t } = useTranslation('sharing');
  const { data, error, isLoading, refetch } = useGetSharedChatQuery(shareId);

  const status = (error as { status?: unknown } | undefined)?.status;
  // The page names the tab itself (the chat's title, or what it says), after the route's own title
  // (the not-found route's, whose chunk it rides on) has been set on mount.
  const shown =
    data?.title ??
    (status === 410 ? t('page.revokedTitle') : status === 404 ? t('page.notFoundTitle') : t('page.title'));
  useEffect(() => {
    const timer = setTimeout(() => {
      document.title = `${shown} · Polymath`;
    });
    return () => clearTimeout(timer);
  }, [shown]);

  if (isLoading) {
    return (
      <p className="flex items-center justify-center gap-2 py-16 text-muted" role="status">
        <Spinner className="h-5 w-5 border-2" />
        {t('page.loading')}
      </p>
    );
  }
  if (status === 410 || status === 404) {
    const revoked = status === 410;
    return (
      <div
        className="flex flex-col items-center gap-4 py-12 text-center"
        data-testid={revoked ? 'share-revoked' : 'share-missing'}
      >
        {revoked ? (
          <Unlink className="h-12 w-12 text-muted" aria-hidden="true" />
        ) : (
          <Link2 className="h-12 w-12 text-muted" aria-hidden="true" />
        )}
        <h1 className="text-2xl font-semibold">{revoked ? t('page.revokedTitle') : t('page.notFoundTitle')}</h1>
        <p className="max-w-md text-muted">{revoked ? t('page.revokedText') : t('page.notFoundText')}</p>
        <Link to="/web-main" className={buttonClass('primary', 'lg')}>
          {t('page.start')}
        </Link>
      </div>
    );
  }
  if (!data) {
    return (
      <div className="flex flex-col items-center gap-3 py-12 text-center" role="alert">
        <p>{t('page.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void refetch()}>
          <RotateCw className="h-4 w-4" aria-hidden="true" />
          {t('page.retry')}
        </Button>
      </div>
    );
  }
  return <SharedConversation shareId={shareId} chat={data} renderMarkdown={renderMarkdown} />;
}

function SharedConversation({
  shareId,
  chat,
  renderMarkdown,
}: {
  shareId: string;
  chat: SharedChat;
  renderMarkdown: RenderMarkdown;
}) {
  const { t, i18n } = useTranslation('sharing');
  const date = dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'long' }).format(new Date(chat.sharedAt));
  return (
    <article className="flex flex-col gap-6" data-testid="shared-chat">
      <header className="flex flex-col gap-2 border-b border-border pb-5">
        <p className="inline-flex items-center gap-1.5 self-start rounded-full bg-surface-2 px-2.5 py-0.5 text-xs font-medium text-muted">
          <Lock className="h-3.5 w-3.5" aria-hidden="true" />
          {t('page.readOnly')}
        </p>
        <h1 className="text-2xl font-semibold break-words sm:text-3xl" data-testid="shared-title">
          {chat.title}
        </h1>
        <p className="text-sm text-muted" data-testid="shared-by">
          {chat.sharedBy ? t('page.sharedBy', { name: chat.sharedBy }) : t('page.anonymous')} ·{' '}
          {t('page.sharedOn', { date })}
        </p>
      </header>
      <ol className="flex flex-col gap-6">
        {chat.messages.map((message, index) => (
          // The snapshot never changes under the page: its order is the key.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index}>
            {message.role === 'user' ? (
              <PersonMessage message={message} />
            ) : (
              <AnswerMessage message={message} renderMarkdown={renderMarkdown} />
            )}
          </li>
        ))}
      </ol>
      <ContinueCard shareId={shareId} />
    </article>
  );
}

function Photos({ message }: { message: SharedMessage }) {
  const { t } = useTranslation('sharing');
  if (message.photos.length === 0) return null;
  return (
    <ul className="flex max-w-[85%] flex-wrap justify-end gap-2">
      {message.photos.map((photo, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: photos of a snapshot keep their order
        <li key={index}>
          {photo.url ? (
            <a href={photo.url} target="_blank" rel="noopener noreferrer">
              <img
                src={photo.url}
                alt={photo.name ?? ''}
                className="h-28 w-28 rounded-xl border border-border object-cover sm:h-32 sm:w-32"
                loading="lazy"
              />
            </a>
          ) : (
            <span
              className="flex h-28 w-28 flex-col items-center justify-center gap-1 rounded-xl border border-dashed border-border p-2 text-center text-xs text-muted sm:h-32 sm:w-32"
              data-testid="shared-photo-withheld"
            >
              <ImageOff className="h-5 w-5" aria-hidden="true" />
              {t('page.photoWithheld')}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

function PersonMessage({ message }: { message: SharedMessage }) {
  const { t } = useTranslation('sharing');
  return (
    <section
      className="flex flex-col items-end gap-1"
      aria-label={t('page.you')}
      data-testid="shared-message"
      data-role="user"
    >
      <Photos message={message} />
      {message.documents.map((document, index) => (
        <p
          // biome-ignore lint/suspicious/noArrayIndexKey: documents of a snapshot keep their order
          key={index}
          className="inline-flex max-w-[85%] items-center gap-2 rounded-xl border border-border px-3 py-1.5 text-sm"
        >
          <FileText className="h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
          <span className="truncate">{t('page.document', { name: document.name })}</span>
        </p>
      ))}
      {message.text ? (
        <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-surface-2 px-4 py-2.5 text-fg">
          {message.text}
        </div>
      ) : null}
    </section>
  );
}

function AnswerMessage({ message, renderMarkdown }: { message: SharedMessage; renderMarkdown: RenderMarkdown }) {
  const { t } = useTranslation('sharing');
  return (
    <section
      className="flex min-w-0 flex-col gap-2"
      aria-label={t('page.assistant')}
      data-testid="shared-message"
      data-role="assistant"
    >
      {message.text ? <div className="min-w-0 text-fg">{renderMarkdown(message.text)}</div> : null}
      {message.images.length ? (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {message.images.map((image) => (
            <li key={image.url}>
              <a href={image.url} target="_blank" rel="noopener noreferrer" className="block">
                <img
                  src={image.thumbUrl}
                  alt={image.alt}
                  width={image.width ?? undefined}
                  height={image.height ?? undefined}
                  className="aspect-square w-full rounded-xl border border-border bg-surface-2 object-cover"
                  loading="lazy"
                  data-testid="shared-image"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {message.withheldImages > 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted" data-testid="shared-images-withheld">
          <ImageOff className="h-4 w-4" aria-hidden="true" />
          {t('page.picturesWithheld', { count: message.withheldImages })}
        </p>
      ) : null}
      {message.status ? <p className="text-xs italic text-muted">{t(`page.status.${message.status}`)}</p> : null}
    </section>
  );
}

function ContinueCard({ shareId }: { shareId: string }) {
  const { t } = useTranslation('sharing');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signedIn = useAppSelector((s) => s.user.currentUser !== null);
  const [copy, { isLoading }] = useContinueSharedChatMutation();
  const onContinue = async () => {
    const result = await copy(shareId);
    if (result.error) return toast.error(apiErrorMessage(result.error, t));
    navigate(result.data.path);
  };
  return (
    <aside
      className="flex flex-col items-start gap-3 rounded-2xl border border-border bg-surface p-5"
      data-testid="share-continue"
    >
      <p className="flex items-center gap-2 font-semibold">
        <MessageSquare className="h-5 w-5 text-accent" aria-hidden="true" />
        {t('page.continue')}
      </p>
      <p className="text-sm text-muted">{t('page.continueHelp')}</p>
      {signedIn ? (
        <Button onClick={() => void onContinue()} disabled={isLoading} data-testid="share-continue-button">
          {t('page.continue')}
        </Button>
      ) : (
        <Button onClick={() => dispatch(authDialogOpened('signIn'))} data-testid="share-sign-in">
          <LogIn className="h-4 w-4" aria-hidden="true" />
          {t('page.signInToContinue')}
        </Button>
      )}
    </aside>
  );
}
