import type { PersonSummary } from '@polymath/shared/admin/admin.schema';
import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiErrorMessage } from '../../../lib/api/api-error.ts';
import { useSearchPeopleQuery } from '../admin-api.ts';
import { ADMIN_NS } from '../admin-texts.ts';
import { PersonPage } from './person.tsx';

/** /admin/people (search) and /admin/people/<id> (a person's page). */
export function PeopleSection() {
  const { pathname, search } = useLocation();
  const id = pathname.split('/')[3];
  if (id) return <PersonPage id={decodeURIComponent(id)} />;
  return <PeopleSearch q={new URLSearchParams(search).get('q') ?? ''} />;
}

function PeopleSearch({ q }: { q: string }) {
  const { t } = useTranslation(ADMIN_NS);
  const navigate = useNavigate();
  const [text, setText] = useState(q);
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCursors([undefined]);
    navigate(text.trim() ? `/admin/people?q=${encodeURIComponent(text.trim())}` : '/admin/people');
  };
  return (
    <section aria-labelledby="admin-section-title" data-testid="admin-people" className="flex flex-col">
      <h2 id="admin-section-title" className="text-xl font-semibold">
        {t('nav.people')}
      </h2>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to older browsers (and jsdom) */}
      <form role="search" onSubmit={submit} className="mt-4 mb-4 flex gap-2">
        <label htmlFor="people-q" className="sr-only">
          {t('people.searchLabel')}
        </label>
        <input
          id="people-q"
          type="search"
          value={text}
          maxLength={200}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('people.searchPlaceholder')}
          className="h-11 min-w-0 flex-1 rounded-xl border border-border bg-bg px-3 text-base text-fg placeholder:text-muted focus:outline-2 focus:outline-accent"
        />
        <Button type="submit" className="h-11">
          <Search className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{t('people.search')}</span>
        </Button>
      </form>
      <ul className="flex flex-col gap-2" aria-label={t('people.results')}>
        {cursors.map((cursor, i) => (
          <PeoplePageRows
            key={`${q}-${cursor ?? 'first'}`}
            q={q}
            cursor={cursor}
            last={i === cursors.length - 1}
            onMore={(next) => setCursors((c) => [...c, next])}
          />
        ))}
      </ul>
    </section>
  );
}

function PeoplePageRows({
  q,
  cursor,
  last,
  onMore,
}: {
  q: string;
  cursor: string | undefined;
  last: boolean;
  onMore: (next: string) => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const { data, error, isFetching, refetch } = useSearchPeopleQuery({ q, cursor });
  if (!data && isFetching) {
    return (
      <li>
        <Spinner />
      </li>
    );
  }
  if (error || !data) {
    return (
      <li role="alert" className="flex flex-wrap items-center gap-3 text-danger">
        {apiErrorMessage(error, tc)}
        <Button variant="secondary" size="sm" onClick={() => void refetch()}>
          {t('retry')}
        </Button>
      </li>
    );
  }
  return (
    <>
      {!cursor && data.people.length === 0 ? <li className="text-muted">{t('people.none')}</li> : null}
      {data.people.map((person) => (
        <PersonRow key={person.id} person={person} />
      ))}
      {last && data.nextCursor ? (
        <li>
          <Button variant="secondary" onClick={() => onMore(data.nextCursor as string)}>
            {t('people.more')}
          </Button>
        </li>
      ) : null}
    </>
  );
}

function PersonRow({ person }: { person: PersonSummary }) {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <li>
      <Link
        to={`/admin/people/${encodeURIComponent(person.id)}`}
        className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-border bg-surface p-3 text-sm hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent"
        data-testid="person-row"
      >
        <span className="min-w-0 font-medium break-all">{person.email}</span>
        <span className="text-muted">{person.displayName ?? person.name}</span>
        <span className="flex-1" />
        <PersonBadges person={person} />
        <span className="text-xs text-muted">
          {t('people.joined', { date: new Date(person.createdAt).toLocaleDateString() })}
        </span>
      </Link>
    </li>
  );
}

/** Plan, operator and ban as small labels (words, not colours alone). */
export function PersonBadges({ person }: { person: Pick<PersonSummary, 'plan' | 'operator' | 'banned'> }) {
  const { t } = useTranslation(ADMIN_NS);
  const badge = 'rounded-full border px-2 py-0.5 text-xs font-medium';
  return (
    <span className="flex flex-wrap gap-1">
      <span className={`${badge} ${person.plan === 'pro' ? 'border-accent text-accent' : 'border-border text-muted'}`}>
        {t(`people.plan.${person.plan}`)}
      </span>
      {person.operator ? <span className={`${badge} border-border`}>{t('people.operator')}</span> : null}
      {person.banned ? <span className={`${badge} border-danger text-danger`}>{t('people.banned')}</span> : null}
    </span>
  );
}
