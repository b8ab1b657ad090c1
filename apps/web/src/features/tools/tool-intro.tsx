import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * What a tool is for and a few starter examples. Choosing an example hands its text to the page,
 * which puts it in the message input.
 */
export function ToolIntro({
  toolKey,
  icon: Icon,
  onExample,
  badge,
  extraExamples = [],
}: {
  toolKey: string;
  icon: LucideIcon;
  onExample: (text: string) => void;
  badge?: string | undefined;
  /** Examples the page makes (web search's filled people-research prompts), after the texts' own. */
  extraExamples?: readonly string[] | undefined;
}) {
  const { t } = useTranslation('tools');
  const own = t(`${toolKey}.examples`, { returnObjects: true }) as string[];
  const examples = [...(Array.isArray(own) ? own : []), ...extraExamples];
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col items-center px-4 pb-6 pt-8 text-center sm:pt-16">
      <span className="mb-4 inline-flex h-14 w-14 items-center justify-center rounded-2xl bg-accent-soft text-accent">
        <Icon className="h-7 w-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {t(`${toolKey}.title`)}
        {badge ? (
          <span className="ml-2 rounded-full bg-pro/15 px-2 py-0.5 align-middle text-xs font-semibold text-pro">
            {badge}
          </span>
        ) : null}
      </h1>
      <p className="mt-3 max-w-xl text-balance text-muted">{t(`${toolKey}.description`)}</p>
      <h2 className="sr-only">{t('examplesHeading')}</h2>
      <ul className="mt-8 grid w-full gap-3 sm:grid-cols-2">
        {examples.length > 0
          ? examples.map((example) => (
              <li key={example}>
                <button
                  type="button"
                  onClick={() => onExample(example)}
                  className="h-full w-full rounded-2xl border border-border bg-surface p-4 text-left text-sm transition hover:border-accent hover:bg-accent-soft focus-visible:outline-2 focus-visible:outline-accent"
                >
                  {example}
                </button>
              </li>
            ))
          : null}
      </ul>
    </section>
  );
}
