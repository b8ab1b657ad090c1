import {
  fillPeopleResearchTemplate,
  type Locale,
  PEOPLE_RESEARCH_CONTEXT_MAX,
  PEOPLE_RESEARCH_EXAMPLE,
  PEOPLE_RESEARCH_NAME_MAX,
  PEOPLE_RESEARCH_TEMPLATES,
  type PeopleResearchTemplateId,
} from '@polymath/shared';
import { ChevronDown, UserSearch } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Field } from '../../../components/ui/field.tsx';

/** Starter examples: two templates filled for a public figure, so the intro shows what the panel does. */
export function peopleResearchExamples(locale: Locale): string[] {
  return (['background', 'talks-interviews'] as const).map((id) =>
    fillPeopleResearchTemplate(id, locale, PEOPLE_RESEARCH_EXAMPLE[locale]),
  );
}

const chip =
  'relative inline-flex h-8 cursor-pointer items-center rounded-full border border-border px-3 text-xs font-medium text-muted transition hover:text-fg has-focus-visible:outline-2 has-focus-visible:outline-accent has-checked:border-accent has-checked:bg-accent-soft has-checked:text-accent';

/**
 * The people-research prompts (spec §1): choose what to research (career, company and role, talks,
 * publications, news, their own profiles), fill in the person's name and some context, and the
 * filled prompt is sent as the next web search. Only public, professional research is offered; the
 * server declines the rest.
 */
export function PeopleResearchPanel({ onRun, busy }: { onRun: (prompt: string) => boolean; busy: boolean }) {
  const { t, i18n } = useTranslation('web-search');
  const locale: Locale = i18n.language === 'tr' ? 'tr' : 'en';
  const [open, setOpen] = useState(false);
  const [template, setTemplate] = useState<PeopleResearchTemplateId>('background');
  const [name, setName] = useState('');
  const [context, setContext] = useState('');
  const [nameError, setNameError] = useState(false);
  const panelId = useId();

  const run = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setNameError(true);
      return;
    }
    if (busy) return;
    if (onRun(fillPeopleResearchTemplate(template, locale, { name, context }))) {
      setOpen(false);
      setName('');
      setContext('');
    }
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-3 pb-2 sm:px-4" data-testid="people-research">
      <button
        type="button"
        className={buttonClass('ghost', 'sm', 'text-muted hover:text-fg')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        data-testid="people-research-toggle"
      >
        <UserSearch className="h-4 w-4" aria-hidden="true" />
        {t('people.toggle')}
        <ChevronDown className={cn('h-4 w-4 transition', open && 'rotate-180')} aria-hidden="true" />
      </button>
      {open ? (
        <form
          id={panelId}
          onSubmit={run}
          noValidate
          className="mt-1 flex flex-col gap-3 rounded-2xl border border-border bg-surface p-3 sm:p-4"
          aria-label={t('people.heading')}
          data-testid="people-research-panel"
        >
          <p className="text-sm font-semibold">{t('people.heading')}</p>
          <fieldset>
            <legend className="sr-only">{t('people.template')}</legend>
            <div className="flex flex-wrap gap-2">
              {PEOPLE_RESEARCH_TEMPLATES.map((item) => (
                <label key={item.id} className={chip} data-testid={`people-template-${item.id}`}>
                  <input
                    type="radio"
                    name={`${panelId}-template`}
                    value={item.id}
                    checked={template === item.id}
                    onChange={() => setTemplate(item.id)}
                    className="sr-only"
                  />
                  {item.title[locale]}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              label={t('people.name')}
              placeholder={t('people.namePlaceholder')}
              value={name}
              maxLength={PEOPLE_RESEARCH_NAME_MAX}
              autoComplete="off"
              onChange={(e) => {
                setName(e.target.value);
                if (e.target.value.trim()) setNameError(false);
              }}
              error={nameError ? t('validation:required') : undefined}
              data-testid="people-research-name"
            />
            <Field
              label={t('people.context')}
              placeholder={t('people.contextPlaceholder')}
              value={context}
              maxLength={PEOPLE_RESEARCH_CONTEXT_MAX}
              autoComplete="off"
              onChange={(e) => setContext(e.target.value)}
              data-testid="people-research-context"
            />
          </div>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <p className="flex-1 text-xs text-muted">{t('people.note')}</p>
            <button
              type="submit"
              className={buttonClass('primary', 'sm', 'justify-center')}
              disabled={busy}
              data-testid="people-research-run"
            >
              {t('people.run')}
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
