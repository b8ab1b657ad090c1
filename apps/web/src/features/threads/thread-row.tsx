import { type ChatToolId, type Thread, threadExportPath, updateThreadSchema, validationKeyOf } from '@polymath/shared';
import type { TFunction } from 'i18next';
import {
  FileCode2,
  FileText,
  Link2,
  type LucideIcon,
  MoreHorizontal,
  Pencil,
  Star,
  StarOff,
  Trash2,
} from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../components/ui/cn.ts';
import { apiErrorMessage } from '../../lib/api/api-error.ts';
import { fieldErrors } from '../../lib/forms/field-errors.ts';
import { threadPath } from './thread-path.ts';
import { useRenameThreadMutation } from './threads-api.ts';
import { useEscapeFirst } from './use-escape-first.ts';
import type { useThreadActions } from './use-thread-actions.ts';

type Actions = ReturnType<typeof useThreadActions>;

/** A tool as the history shows it: its name and icon (the page that composes the history knows them). */
export type ThreadTool = { id: ChatToolId; label: string; icon: LucideIcon };

const menuItemClass =
  'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface-2';

/** One chat in the history: a link to it, and a menu to rename, star, share, download or delete it. */
export function ThreadRow({
  thread,
  tool,
  active,
  actions,
  onNavigate,
  onDeleted,
}: {
  thread: Thread;
  /** The thread's tool (its icon tells the tools apart in one list). */
  tool?: ThreadTool | undefined;
  active: boolean;
  actions: Actions;
  onNavigate?: (() => void) | undefined;
  /** Where focus goes after the row is deleted (the row itself is gone). */
  onDeleted: () => void;
}) {
  const { t } = useTranslation('threads');
  const [renaming, setRenaming] = useState(false);
  const pending = useRef<'rename' | 'delete' | null>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const title = thread.title.trim() || t('untitled');

  const stopRenaming = () => {
    setRenaming(false);
    requestAnimationFrame(() => linkRef.current?.focus());
  };

  return (
    <li
      data-testid="history-item"
      data-thread-id={thread.id}
      data-active={active ? 'true' : undefined}
      className={cn(
        'group relative flex min-w-0 items-center rounded-xl transition',
        active ? 'bg-accent-soft text-accent' : 'text-fg hover:bg-surface-2',
      )}
    >
      {renaming ? (
        <RenameForm thread={thread} onDone={stopRenaming} />
      ) : (
        <>
          <Link
            ref={linkRef}
            to={threadPath(thread)}
            onClick={onNavigate}
            aria-current={active ? 'page' : undefined}
            title={title}
            className={cn(
              'flex min-w-0 flex-1 items-center gap-1.5 rounded-xl py-2 pr-10 pl-3 text-sm',
              'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-accent',
              active && 'font-semibold',
            )}
          >
            {tool ? (
              <tool.icon
                className="h-3.5 w-3.5 shrink-0 opacity-70"
                aria-label={tool.label}
                role="img"
                data-testid="history-item-tool"
                data-tool={tool.id}
              />
            ) : null}
            <span className="truncate">{title}</span>
            {thread.starred ? (
              <>
                <Star className="h-3 w-3 shrink-0 fill-current text-pro" aria-hidden="true" />
                <span className="sr-only">{t('starredLabel')}</span>
              </>
            ) : null}
          </Link>
          <DropdownMenu.Root>
            <DropdownMenu.Trigger
              data-testid="history-item-menu"
              aria-label={t('menu', { title })}
              className={cn(
                'absolute right-1 flex h-8 w-8 cursor-pointer items-center justify-center rounded-lg text-muted transition',
                'hover:bg-border hover:text-fg focus-visible:outline-2 focus-visible:outline-accent',
                'data-[state=open]:bg-border data-[state=open]:text-fg',
                'md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100 md:data-[state=open]:opacity-100',
                active && 'md:opacity-100',
              )}
            >
              <MoreHorizontal className="h-4 w-4" aria-hidden="true" />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align="end"
                sideOffset={4}
                collisionPadding={8}
                className="z-50 min-w-44 rounded-xl border border-border bg-bg p-1 text-fg shadow-xl"
                onCloseAutoFocus={(event) => {
                  const next = pending.current;
                  pending.current = null;
                  if (next === 'rename') {
                    event.preventDefault();
                    setRenaming(true);
                  } else if (next === 'delete') {
                    event.preventDefault();
                    onDeleted();
                  }
                }}
              >
                <DropdownMenu.Item
                  className={menuItemClass}
                  data-testid="history-rename"
                  onSelect={() => {
                    pending.current = 'rename';
                  }}
                >
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                  {t('rename')}
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  className={menuItemClass}
                  data-testid="history-star"
                  onSelect={() => actions.toggleStar(thread)}
                >
                  {thread.starred ? (
                    <StarOff className="h-4 w-4" aria-hidden="true" />
                  ) : (
                    <Star className="h-4 w-4" aria-hidden="true" />
                  )}
                  {thread.starred ? t('unstar') : t('star')}
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  className={menuItemClass}
                  data-testid="history-share"
                  onSelect={() => actions.share(thread)}
                >
                  <Link2 className="h-4 w-4" aria-hidden="true" />
                  {t('sharing:menu.share')}
                </DropdownMenu.Item>
                {/* Plain downloads: the server writes the file, so no code of the export loads here. */}
                <DropdownMenu.Item asChild className={menuItemClass}>
                  <a href={threadExportPath(thread.id, 'markdown')} download data-testid="history-export-markdown">
                    <FileText className="h-4 w-4" aria-hidden="true" />
                    {t('sharing:menu.exportMarkdown')}
                  </a>
                </DropdownMenu.Item>
                <DropdownMenu.Item asChild className={menuItemClass}>
                  <a href={threadExportPath(thread.id, 'json')} download data-testid="history-export-json">
                    <FileCode2 className="h-4 w-4" aria-hidden="true" />
                    {t('sharing:menu.exportJson')}
                  </a>
                </DropdownMenu.Item>
                <DropdownMenu.Separator className="my-1 h-px bg-border" />
                <DropdownMenu.Item
                  className={cn(menuItemClass, 'text-danger')}
                  data-testid="history-delete"
                  onSelect={() => {
                    pending.current = 'delete';
                    actions.remove(thread);
                  }}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  {t('delete')}
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </>
      )}
    </li>
  );
}

/** The server's message for the title (the spec text, translated), else the error code's text. */
function serverTitleError(error: unknown, t: TFunction): string {
  const fields = (error as { data?: { error?: { details?: { fields?: unknown } } } } | undefined)?.data?.error?.details
    ?.fields;
  if (Array.isArray(fields)) {
    const field = fields.find((f: { path?: unknown }) => f?.path === 'title') as { message?: unknown } | undefined;
    if (typeof field?.message === 'string') {
      const key = validationKeyOf(field.message);
      return key ? t(`validation:${key}`) : field.message;
    }
  }
  return apiErrorMessage(error, t);
}

/** Inline rename: Enter (or leaving the field) saves, Escape cancels; the spec's 50-character rule first. */
function RenameForm({ thread, onDone }: { thread: Thread; onDone: () => void }) {
  const { t } = useTranslation('threads');
  const [value, setValue] = useState(thread.title);
  const [error, setError] = useState<string | null>(null);
  const [rename, { isLoading }] = useRenameThreadMutation();
  const inputRef = useRef<HTMLInputElement>(null);
  const done = useRef(false);
  const saving = useRef(false);
  const errorId = useId();

  const finish = () => {
    if (done.current) return;
    done.current = true;
    onDone();
  };

  useEscapeFirst(inputRef, () => {
    finish();
    return true;
  });

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const validate = (title: string) => fieldErrors(updateThreadSchema, { title }, t)?.title ?? null;

  async function save() {
    if (done.current || saving.current) return;
    const title = value.trim();
    if (title === thread.title) return finish();
    const invalid = validate(value);
    if (invalid) {
      setError(invalid);
      return;
    }
    saving.current = true;
    const result = await rename({ id: thread.id, title });
    saving.current = false;
    if (result.error) {
      setError(serverTitleError(result.error, t));
      inputRef.current?.focus();
      return;
    }
    finish();
  }

  return (
    <form
      className="flex min-w-0 flex-1 flex-col gap-1 p-1"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <input
        ref={inputRef}
        data-testid="history-rename-input"
        aria-label={t('renameLabel')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={value}
        readOnly={isLoading}
        aria-busy={isLoading || undefined}
        onChange={(event) => {
          const next = event.target.value;
          setValue(next);
          // Say "at most 50 characters" while typing; "required" only when they try to save.
          setError(next.trim() === '' ? null : validate(next));
        }}
        onBlur={() => void save()}
        className={cn(
          'h-9 w-full min-w-0 rounded-lg border bg-bg px-2 text-base text-fg md:text-sm',
          'focus:outline-2 focus:outline-accent',
          error ? 'border-danger' : 'border-border',
        )}
      />
      {error ? (
        <p id={errorId} role="alert" className="px-1 text-xs text-danger">
          {error}
        </p>
      ) : null}
    </form>
  );
}
