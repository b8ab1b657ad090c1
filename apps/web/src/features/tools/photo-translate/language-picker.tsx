import {
  findPhotoLanguage,
  PHOTO_LANGUAGES,
  PHOTO_POPULAR_LANGUAGE_COUNT,
  type PhotoLanguage,
  searchPhotoLanguages,
} from '@polymath/shared';
import { Check, ChevronDown, Search } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn.ts';
import { listboxMove } from '../../../components/ui/listbox-move.ts';
import { recentLanguages } from './recent-languages.ts';

type Group = { key: 'recent' | 'popular' | 'all' | 'found'; languages: PhotoLanguage[] };

/** Recently used first, then the most used, then the rest; a search shows what matches. */
function groupsFor(query: string): Group[] {
  if (query.trim()) return [{ key: 'found', languages: searchPhotoLanguages(query) }];
  const recent = recentLanguages();
  const seen = new Set(recent.map((l) => l.code));
  const rest = PHOTO_LANGUAGES.filter((l) => !seen.has(l.code));
  return [
    { key: 'recent', languages: recent },
    { key: 'popular', languages: rest.slice(0, Math.max(0, PHOTO_POPULAR_LANGUAGE_COUNT - recent.length)) },
    { key: 'all', languages: rest.slice(Math.max(0, PHOTO_POPULAR_LANGUAGE_COUNT - recent.length)) },
  ].filter((g): g is Group => g.languages.length > 0);
}

/**
 * The target language: a button showing the chosen language in its own name, opening a searchable
 * list (type a name in any form — "Turkish", "Türkçe", "tr" — arrows move, Enter chooses).
 */
export function LanguagePicker({
  value,
  onChange,
  label,
  testId,
  trigger,
}: {
  value: string;
  onChange: (code: string) => void;
  label: string;
  testId: string;
  /** The button's own content (an action such as "Another language") instead of the chosen language. */
  trigger?: ReactNode;
}) {
  const { t } = useTranslation('photo-translate');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const groups = useMemo(() => (open ? groupsFor(query) : []), [open, query]);
  const flat = groups.flatMap((g) => g.languages);
  const [active, setActive] = useState(0);
  const list = useRef<HTMLDivElement>(null);
  const current = flat[Math.min(active, flat.length - 1)];
  const chosen = findPhotoLanguage(value);
  const optionId = (code: string) => `${id}-${code}`;

  useEffect(() => {
    const option = current ? document.getElementById(optionId(current.code)) : null;
    option?.scrollIntoView({ block: 'nearest' });
  });

  const choose = (language: PhotoLanguage) => {
    onChange(language.code);
    setOpen(false);
    setQuery('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const next = listboxMove(e.key, active, flat.length);
    if (next !== null) {
      e.preventDefault();
      setActive(next);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (current) choose(current);
    }
  };

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setQuery('');
        setActive(0);
      }}
    >
      {trigger ? (
        <Popover.Trigger
          className="inline-flex h-8 min-w-8 cursor-pointer items-center justify-center gap-1.5 rounded-lg px-2 text-xs font-medium text-muted transition hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
          aria-label={label}
          title={label}
          data-testid={testId}
        >
          {trigger}
        </Popover.Trigger>
      ) : (
        <Popover.Trigger
          className="inline-flex h-8 max-w-48 cursor-pointer items-center gap-1.5 rounded-lg border border-border bg-bg px-2 text-sm text-fg hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent"
          aria-label={`${label}: ${chosen?.nativeName ?? value}`}
          data-testid={testId}
          data-value={value}
        >
          <span className="truncate" lang={chosen?.code}>
            {chosen?.nativeName ?? value}
          </span>
          <ChevronDown className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
        </Popover.Trigger>
      )}
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 flex w-72 max-w-[calc(100vw-1rem)] flex-col gap-2 rounded-xl border border-border bg-surface p-2 shadow-xl"
          data-testid={`${testId}-popover`}
        >
          <div className="relative">
            <Search className="pointer-events-none absolute top-2.5 left-2.5 h-4 w-4 text-muted" aria-hidden="true" />
            <input
              type="search"
              role="combobox"
              aria-expanded="true"
              aria-controls={`${id}-list`}
              aria-autocomplete="list"
              aria-activedescendant={current ? optionId(current.code) : undefined}
              aria-label={t('language.search')}
              placeholder={t('language.search')}
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
              autoComplete="off"
              // biome-ignore lint/a11y/noAutofocus: the list opens to be searched
              autoFocus
              className="h-9 w-full rounded-lg border border-border bg-bg pr-2 pl-8 text-base text-fg placeholder:text-muted focus:outline-2 focus:outline-accent sm:text-sm"
              data-testid="language-search"
            />
          </div>
          <div ref={list} id={`${id}-list`} role="listbox" aria-label={label} className="max-h-72 overflow-y-auto">
            {flat.length === 0 ? (
              <p className="px-2 py-2 text-sm text-muted">{t('language.none', { query: query.trim() })}</p>
            ) : null}
            {groups.map((group) => (
              // biome-ignore lint/a11y/useSemanticElements: a listbox's groups are role="group" (a fieldset is a form's)
              <div key={group.key} role="group" aria-label={t(`language.groups.${group.key}`)}>
                <p
                  className="px-2 pt-2 pb-1 text-[11px] font-semibold tracking-wide text-muted uppercase"
                  aria-hidden="true"
                >
                  {t(`language.groups.${group.key}`)}
                </p>
                {group.languages.map((language) => (
                  // The input owns the keyboard (aria-activedescendant): options are not in the tab order.
                  // biome-ignore lint/a11y/useKeyWithClickEvents: keys go through the combobox input
                  <div
                    key={language.code}
                    id={optionId(language.code)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={language === current}
                    onClick={() => choose(language)}
                    onMouseMove={() => setActive(flat.indexOf(language))}
                    className={cn(
                      'flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm',
                      language === current ? 'bg-accent-soft text-accent' : 'text-fg',
                    )}
                    data-testid={`language-${language.code}`}
                  >
                    <span className="flex-1 truncate" lang={language.code}>
                      {language.nativeName}
                    </span>
                    <span className="truncate text-xs text-muted">{language.name}</span>
                    {language.code === value ? <Check className="h-4 w-4 shrink-0" aria-hidden="true" /> : null}
                  </div>
                ))}
              </div>
            ))}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
