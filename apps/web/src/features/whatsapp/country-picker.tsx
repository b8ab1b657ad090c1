import { Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { listboxMove } from '../../components/ui/listbox-move.ts';
import { FLAG_FONT, useFlagFont } from './flag-font.ts';
import { type Country, searchCountries } from './phone-number.ts';

/**
 * A searchable list of countries (a combobox whose list is always shown): type to filter by name,
 * code or calling code, move with the arrow keys, Enter or a click chooses.
 */
export function CountryPicker({
  countries,
  initial,
  onChoose,
}: {
  countries: Country[];
  /** The country to start on (the browser's, or the one chosen before). */
  initial?: string | undefined;
  onChoose: (country: Country) => void;
}) {
  const { t } = useTranslation('whatsapp');
  useFlagFont();
  const id = useId();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => searchCountries(countries, query), [countries, query]);
  const [active, setActive] = useState(() =>
    Math.max(
      0,
      countries.findIndex((c) => c.code === initial),
    ),
  );
  const list = useRef<HTMLDivElement>(null);
  const current = shown[Math.min(active, shown.length - 1)];
  const optionId = (code: string) => `${id}-${code}`;

  // The active option stays in view inside the list (the dialog and the page do not move).
  useEffect(() => {
    const box = list.current;
    const option = current ? document.getElementById(optionId(current.code)) : null;
    if (!box || !option) return;
    const top = option.offsetTop;
    if (top < box.scrollTop) box.scrollTop = top;
    else if (top + option.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = top + option.offsetHeight - box.clientHeight;
    }
  });

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const next = listboxMove(e.key, active, shown.length);
    if (next !== null) {
      e.preventDefault();
      setActive(next);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (current) onChoose(current);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={`${id}-search`} className="text-sm font-medium">
        {t('country.label')}
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-3 left-3 h-5 w-5 text-muted" aria-hidden="true" />
        <input
          id={`${id}-search`}
          type="search"
          role="combobox"
          aria-expanded="true"
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={current ? optionId(current.code) : undefined}
          placeholder={t('country.search')}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: the dialog opens on this step to choose a country
          autoFocus
          className="h-11 w-full rounded-xl border border-border bg-bg pr-3 pl-10 text-base text-fg placeholder:text-muted focus:outline-2 focus:outline-accent"
          data-testid="country-search"
        />
      </div>
      <div
        ref={list}
        id={`${id}-list`}
        role="listbox"
        aria-label={t('country.list')}
        className="relative max-h-64 overflow-y-auto rounded-xl border border-border p-1"
      >
        {shown.length === 0 ? (
          <p className="px-3 py-2 text-sm text-muted">{t('country.none', { query: query.trim() })}</p>
        ) : null}
        {shown.map((country) => (
          // The input owns the keyboard (aria-activedescendant): options are not in the tab order.
          // biome-ignore lint/a11y/useKeyWithClickEvents: keys go through the combobox input
          <div
            key={country.code}
            id={optionId(country.code)}
            role="option"
            tabIndex={-1}
            aria-selected={country === current}
            onClick={() => onChoose(country)}
            onMouseMove={() => setActive(shown.indexOf(country))}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm',
              country === current ? 'bg-accent-soft text-accent' : 'text-fg',
            )}
            data-testid={`country-${country.code}`}
          >
            <span className="text-lg leading-none" style={{ fontFamily: FLAG_FONT }} aria-hidden="true">
              {country.flag}
            </span>
            <span className="flex-1 truncate">{country.name}</span>
            <span className="text-muted tabular-nums">+{country.dial}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
