import { skipToken } from '@reduxjs/toolkit/query';
import { ImagePlus, Images, LogIn, RotateCw } from 'lucide-react';
import { ToggleGroup } from 'radix-ui';
import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { authDialogOpened } from '../../lib/store/dialogs-slice.ts';
import { useAppDispatch, useAppSelector } from '../../lib/store/store.ts';
import { GalleryTile } from './gallery-tile.tsx';
import { IMAGE_TOOLS, type ImageToolId, isImageToolId } from './image-display.ts';
import { ImageLightbox, type LightboxContent } from './image-lightbox.tsx';
import {
  IMAGE_POLL_MS,
  imagesApi,
  isDeletedImage,
  isImagePending,
  useGetImageQuery,
  useListImagesInfiniteQuery,
} from './images-api.ts';

/** Loads the next page this far before the end of the grid comes into view. */
const PRELOAD_MARGIN = '0px 0px 600px 0px';

/** The filter's value for every tool. */
const ALL = 'all';

const GRID = 'grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4 xl:grid-cols-5 2xl:grid-cols-6';

/**
 * Every image the person made with any tool, newest first, page by page as they scroll; a filter
 * by tool (`?tool=`), and a lightbox (`?image=<id>`, which also opens an image not loaded yet).
 * Signed-out visitors are asked to sign in; nothing is requested for them.
 */
export function Gallery() {
  const { t } = useTranslation('images');
  const dispatch = useAppDispatch();
  const userId = useAppSelector((s) => s.user.currentUser?.id ?? null);
  const isLoadingUser = useAppSelector((s) => s.user.isLoadingUser);
  const scrollRoot = useRef<HTMLDivElement>(null);

  // Images are private: once nobody is signed in, drop what is cached (unused entries are removed).
  useEffect(() => {
    if (userId === null) dispatch(imagesApi.util.invalidateTags(['Images', 'ImageUsage']));
  }, [userId, dispatch]);

  let content: ReactNode;
  if (userId === null && isLoadingUser) {
    content = <GallerySkeleton />;
  } else if (userId === null) {
    content = (
      <GalleryMessage
        testId="gallery-signed-out"
        title={t('gallery.signedOutTitle')}
        text={t('gallery.signedOut')}
        action={
          <button
            type="button"
            onClick={() => dispatch(authDialogOpened('signIn'))}
            className={buttonClass('primary', 'md')}
            data-testid="gallery-sign-in"
          >
            <LogIn className="h-4 w-4" aria-hidden="true" />
            {t('common:auth.signIn')}
          </button>
        }
      />
    );
  } else {
    content = <GalleryContent key={userId} userId={userId} scrollRoot={scrollRoot} />;
  }
  return (
    <div ref={scrollRoot} className="flex min-h-0 flex-1 flex-col overflow-y-auto" data-testid="gallery-scroll">
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-4 px-3 py-4 sm:px-6 sm:py-6">
        <div>
          <h1 className="text-xl font-semibold sm:text-2xl">{t('gallery.title')}</h1>
          <p className="text-sm text-muted">{t('gallery.description')}</p>
        </div>
        {content}
      </div>
    </div>
  );
}

function GalleryContent({ userId, scrollRoot }: { userId: string; scrollRoot: RefObject<HTMLDivElement | null> }) {
  const { t } = useTranslation('images');
  const [params, setParams] = useSearchParams();
  const toolParam = params.get('tool');
  const toolId: ImageToolId | null = isImageToolId(toolParam) ? toolParam : null;
  const openId = params.get('image');

  const { data, isError, isFetching, refetch, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } =
    useListImagesInfiniteQuery({ userId, toolId });
  const sentinel = useRef<HTMLDivElement>(null);
  const pageCount = data?.pages.length ?? 0;

  // One tile per image even if an optimistic insert and a later page both bring it.
  const images = [...new Map((data?.pages ?? []).flatMap((p) => p.images.map((i) => [i.id, i] as const))).values()];
  const openIndex = openId ? images.findIndex((image) => image.id === openId) : -1;
  const listed = openIndex === -1 ? undefined : images[openIndex];

  // An image asked for by id that is not in the pages loaded so far (a link from a chat).
  // (Not one just deleted here: the lightbox is moving on from it.)
  const single = useGetImageQuery(
    openId && data && !listed && !isDeletedImage(openId) ? { userId, id: openId } : skipToken,
  );
  const singlePending = single.data ? isImagePending(single.data) : false;
  useGetImageQuery(openId && singlePending && !listed ? { userId, id: openId } : skipToken, {
    pollingInterval: IMAGE_POLL_MS,
  });

  // Infinite scroll: observe a marker below the last row; re-observed after every page so a
  // marker still in view after loading asks for the next page too.
  useEffect(() => {
    const element = sentinel.current;
    if (!element || pageCount === 0 || !hasNextPage || isFetching || isFetchNextPageError) return;
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void fetchNextPage();
      },
      { root: scrollRoot.current, rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetching, isFetchNextPageError, fetchNextPage, pageCount, scrollRoot]);

  function update(change: (next: URLSearchParams) => void) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        change(next);
        return next;
      },
      { replace: true },
    );
  }
  const openImage = (id: string | null) => update((next) => (id ? next.set('image', id) : next.delete('image')));
  const chooseTool = (id: ImageToolId | null) =>
    update((next) => {
      if (id) next.set('tool', id);
      else next.delete('tool');
      next.delete('image');
    });

  let lightbox: LightboxContent | null = null;
  if (openId && listed) lightbox = { kind: 'image', image: listed };
  else if (openId && single.data) lightbox = { kind: 'image', image: single.data };
  else if (openId && single.isError) lightbox = { kind: 'missing' };
  else if (openId) lightbox = { kind: 'loading' };

  // Read when the lightbox has closed (and `lightbox` is already null).
  const lastShownId = useRef<string | null>(null);
  const shownId = lightbox?.kind === 'image' ? lightbox.image.id : null;
  useEffect(() => {
    if (shownId) lastShownId.current = shownId;
  }, [shownId]);

  const previous = openIndex > 0 ? images[openIndex - 1] : undefined;
  const next = openIndex !== -1 ? images[openIndex + 1] : undefined;
  const atLoadedEnd = openIndex !== -1 && openIndex === images.length - 1 && hasNextPage;

  let body: ReactNode;
  if (!data) {
    body =
      isError && !isFetching ? (
        <GalleryMessage
          testId="gallery-error"
          role="alert"
          title={t('gallery.errorTitle')}
          text={t('loadError')}
          action={
            <button
              type="button"
              onClick={() => void refetch()}
              className={buttonClass('secondary', 'md')}
              data-testid="gallery-retry"
            >
              <RotateCw className="h-4 w-4" aria-hidden="true" />
              {t('retry')}
            </button>
          }
        />
      ) : (
        <GallerySkeleton />
      );
  } else if (images.length === 0) {
    body = toolId ? <FilteredEmpty toolId={toolId} onShowAll={() => chooseTool(null)} /> : <GalleryEmpty />;
  } else {
    body = (
      <>
        <ul className={GRID} data-testid="gallery-grid" aria-label={t('gallery.gridLabel')}>
          {images.map((image) => (
            <GalleryTile key={image.id} image={image} onOpen={() => openImage(image.id)} />
          ))}
        </ul>
        <div ref={sentinel} aria-hidden="true" />
        {hasNextPage ? (
          <div className="flex justify-center py-6">
            {isFetchNextPageError ? <p className="sr-only">{t('loadError')}</p> : null}
            <button
              type="button"
              onClick={() => void fetchNextPage()}
              disabled={isFetchingNextPage}
              className={buttonClass('secondary', 'md')}
              data-testid="gallery-load-more"
            >
              {isFetchingNextPage ? <Spinner className="h-4 w-4" /> : null}
              {isFetchNextPageError ? t('gallery.loadMoreFailed') : t('gallery.loadMore')}
            </button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <>
      <ToolFilter value={toolId} onChange={chooseTool} />
      {body}
      <ImageLightbox
        content={lightbox}
        onClose={() => openImage(null)}
        onPrevious={previous ? () => openImage(previous.id) : undefined}
        onNext={
          next
            ? () => openImage(next.id)
            : atLoadedEnd
              ? () =>
                  void fetchNextPage().then((result) => {
                    const first = result.data?.pages.at(-1)?.images[0];
                    if (first) openImage(first.id);
                  })
              : undefined
        }
        position={openIndex === -1 ? undefined : { index: openIndex, total: images.length, more: !!hasNextPage }}
        onDeleted={() => openImage(next?.id ?? previous?.id ?? null)}
        onCloseAutoFocus={(event) => {
          // Back to the tile of the image last shown (it may not be the one first opened).
          const lastShown = lastShownId.current;
          const tile = lastShown
            ? document.querySelector<HTMLElement>(`[data-tile-id="${CSS.escape(lastShown)}"]`)
            : null;
          if (tile) {
            event.preventDefault();
            tile.focus();
          }
        }}
      />
    </>
  );
}

function ToolFilter({
  value,
  onChange,
}: {
  value: ImageToolId | null;
  onChange: (toolId: ImageToolId | null) => void;
}) {
  const { t } = useTranslation('images');
  const options: { id: ImageToolId | null; label: string }[] = [
    { id: null, label: t('gallery.allTools') },
    ...IMAGE_TOOLS.map((tool) => ({ id: tool.toolId, label: t(tool.titleKey) })),
  ];
  return (
    <ToggleGroup.Root
      type="single"
      value={value ?? ALL}
      // Choosing the chosen one again would clear it: a filter is always chosen.
      onValueChange={(next) => next && onChange(next === ALL ? null : (next as ImageToolId))}
      aria-label={t('gallery.filterLabel')}
      className="-mx-3 flex gap-2 overflow-x-auto px-3 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
      data-testid="gallery-filter"
    >
      {options.map((option) => (
        <ToggleGroup.Item
          key={option.id ?? ALL}
          value={option.id ?? ALL}
          data-testid={`gallery-filter-${option.id ?? ALL}`}
          className={cn(
            'h-9 shrink-0 cursor-pointer rounded-full border px-4 text-sm font-medium whitespace-nowrap transition',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
            'border-border bg-bg text-fg hover:bg-surface-2',
            'data-[state=on]:border-accent data-[state=on]:bg-accent data-[state=on]:text-accent-fg',
          )}
        >
          {option.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}

/** Nothing made yet: the ways to make something. */
function GalleryEmpty() {
  const { t } = useTranslation('images');
  return (
    <GalleryMessage
      testId="gallery-empty"
      icon={<Images className="h-8 w-8" aria-hidden="true" />}
      title={t('gallery.emptyTitle')}
      text={t('gallery.empty')}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          {IMAGE_TOOLS.filter((tool) => tool.makesFromWords).map((tool, index) => (
            <Link
              key={tool.toolId}
              to={tool.path}
              className={buttonClass(index === 0 ? 'primary' : 'secondary', 'md')}
              data-testid={`gallery-empty-${tool.toolId}`}
            >
              {index === 0 ? <ImagePlus className="h-4 w-4" aria-hidden="true" /> : null}
              {t(tool.titleKey)}
            </Link>
          ))}
        </div>
      }
    />
  );
}

function FilteredEmpty({ toolId, onShowAll }: { toolId: ImageToolId; onShowAll: () => void }) {
  const { t } = useTranslation('images');
  const tool = IMAGE_TOOLS.find((entry) => entry.toolId === toolId);
  return (
    <GalleryMessage
      testId="gallery-empty-filtered"
      title={t('gallery.emptyFilteredTitle', { tool: tool ? t(tool.titleKey) : '' })}
      text={t('gallery.emptyFiltered')}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          {tool ? (
            <Link to={tool.path} className={buttonClass('primary', 'md')}>
              {t('gallery.openTool', { tool: t(tool.titleKey) })}
            </Link>
          ) : null}
          <button type="button" onClick={onShowAll} className={buttonClass('secondary', 'md')}>
            {t('gallery.showAll')}
          </button>
        </div>
      }
    />
  );
}

function GalleryMessage({
  testId,
  title,
  text,
  action,
  icon,
  role,
}: {
  testId: string;
  title: string;
  text: string;
  action?: ReactNode;
  icon?: ReactNode;
  role?: 'alert';
}) {
  return (
    <div
      data-testid={testId}
      role={role}
      className="mx-auto flex max-w-lg flex-1 flex-col items-center justify-center gap-3 px-6 py-12 text-center"
    >
      {icon ? (
        <span className="inline-flex h-16 w-16 items-center justify-center rounded-2xl bg-accent-soft text-accent">
          {icon}
        </span>
      ) : null}
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-sm text-muted">{text}</p>
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}

/** Square cells in the grid's own layout, so nothing moves when the first page arrives. */
function GallerySkeleton() {
  const { t } = useTranslation('images');
  return (
    <div role="status" aria-label={t('gallery.loading')} data-testid="gallery-loading">
      <ul className={GRID} aria-hidden="true">
        {Array.from({ length: 12 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          <li key={i} className="aspect-square animate-pulse rounded-xl bg-surface-2 motion-reduce:animate-none" />
        ))}
      </ul>
    </div>
  );
}
