import { type CityItem, cityDisplayName } from '@polymath/shared';
import { MapPin } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn.ts';
import { useGetCityQuery, useSearchCitiesQuery } from './horoscope-api.ts';
import type { DraftCity } from './horoscope-draft.ts';
import { useLocale } from './sky-positions.tsx';

const SEARCH_DELAY_MS = 200;

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The birth place: a search over the server's bundled city list (no outside geocoder), picked
 * from a list box. Only a city of the list can be chosen; typing again clears the choice.
 */
export function CityField({
  value,
  onChange,
  error,
  className,
}: {
  value: DraftCity | undefined;
  onChange: (city: DraftCity | undefined) => void;
  error?: string | undefined;
  className?: string;
}) {
  const { t } = useTranslation('horoscope');
  const locale = useLocale();
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  // A place restored from a thread has only its id: its names come from the server.
  const fetched = useGetCityQuery(value?.id ?? '', { skip: !value?.id || Boolean(value?.name) });
  const chosen = value?.name ? { ...value, name: value.name } : fetched.data;
  const chosenLabel = chosen ? `${cityDisplayName(chosen, locale)}, ${chosen.countryCode ?? ''}` : '';
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const shown = text ?? chosenLabel;
  const query = useDebounced((text ?? '').trim(), SEARCH_DELAY_MS);
  const search = useSearchCitiesQuery(query, { skip: query.length < 2 });
  const cities = query.length >= 2 ? (search.data?.cities ?? []) : [];
  const expanded = open && text !== null && query.length >= 2;

  const pick = (city: CityItem) => {
    onChange({ id: city.id, name: city.name, nativeName: city.nativeName, countryCode: city.countryCode });
    setText(null);
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && cities.length) {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % cities.length);
    } else if (e.key === 'ArrowUp' && cities.length) {
      e.preventDefault();
      setActive((i) => (i - 1 + cities.length) % cities.length);
    } else if (e.key === 'Enter' && expanded && cities[active]) {
      e.preventDefault();
      pick(cities[active]);
    } else if (e.key === 'Escape' && expanded) {
      e.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className={cn('relative flex min-w-0 flex-col gap-1', className)}>
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {t('chart.city')}
      </label>
      <div className="relative">
        <MapPin className="pointer-events-none absolute left-2.5 top-2.5 h-4 w-4 text-muted" aria-hidden="true" />
        <input
          id={id}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && cities[active] ? `${listId}-${cities[active].id}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          autoComplete="off"
          placeholder={t('chart.cityPlaceholder')}
          value={shown}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
            setOpen(true);
            if (value) onChange(undefined);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          data-testid="horoscope-city"
          className={cn(
            'h-9 w-full rounded-lg border bg-bg pl-8 pr-2 text-sm text-fg placeholder:text-muted focus:outline-2 focus:outline-accent',
            error ? 'border-danger' : 'border-border',
          )}
        />
        {expanded ? (
          <div
            id={listId}
            role="listbox"
            aria-label={t('chart.city')}
            className="absolute bottom-full z-20 mb-1 max-h-60 w-full min-w-56 overflow-y-auto rounded-xl border border-border bg-bg p-1 shadow-lg"
          >
            {cities.length === 0 ? (
              <p className="px-3 py-2 text-sm text-muted">
                {search.isFetching ? t('chart.searching') : t('chart.noCities')}
              </p>
            ) : (
              cities.map((city, i) => (
                <div
                  key={city.id}
                  id={`${listId}-${city.id}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={i === active}
                  // mousedown, not click: the input's blur would close the list first.
                  onMouseDown={(e) => {
                    e.preventDefault();
                    pick(city);
                  }}
                  onMouseEnter={() => setActive(i)}
                  data-testid="horoscope-city-option"
                  className={cn(
                    'flex cursor-pointer items-baseline justify-between gap-3 rounded-lg px-3 py-1.5 text-sm',
                    i === active ? 'bg-accent-soft' : '',
                  )}
                >
                  <span>{cityDisplayName(city, locale)}</span>
                  <span className="text-xs text-muted">{city.countryCode}</span>
                </div>
              ))
            )}
          </div>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
