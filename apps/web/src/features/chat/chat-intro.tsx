import type { PublicModel } from '@polymath/shared';
import { MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * An empty chat: what the chat does, the chosen model's description, and starter examples (the
 * model's own, else the tool's) that fill the input.
 */
export function ChatIntro({ model, onExample }: { model: PublicModel | undefined; onExample: (text: string) => void }) {
  const { t } = useTranslation('tools');
  const { t: tc } = useTranslation('chat');
  const fallback = t('chat.examples', { returnObjects: true });
  const examples = model?.examples.length ? model.examples : Array.isArray(fallback) ? (fallback as string[]) : [];
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col items-center px-4 pb-6 pt-8 text-center sm:pt-16">
      <span className="mb-4 inline-flex h-14 w-14 items-center justify-center rounded-2xl bg-accent-soft text-accent">
        <MessageSquare className="h-7 w-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('chat.title')}</h1>
      <p className="mt-3 max-w-xl text-balance text-muted">{t('chat.description')}</p>
      {model ? (
        <div
          className="mt-6 w-full max-w-xl rounded-2xl border border-border bg-surface px-4 py-3 text-left"
          data-testid="model-intro"
        >
          <p className="text-xs font-semibold uppercase tracking-wide text-muted">
            {tc('intro.model', { provider: model.providerLabel })}
          </p>
          <p className="mt-0.5 font-semibold">{model.displayName}</p>
          {model.description ? <p className="mt-1 text-sm text-muted">{model.description}</p> : null}
        </div>
      ) : null}
      <h2 className="sr-only">{t('examplesHeading')}</h2>
      <ul className="mt-6 grid w-full gap-3 sm:grid-cols-2">
        {examples.map((example) => (
          <li key={example}>
            <button
              type="button"
              onClick={() => onExample(example)}
              className="h-full w-full cursor-pointer rounded-2xl border border-border bg-surface p-4 text-left text-sm transition hover:border-accent hover:bg-accent-soft focus-visible:outline-2 focus-visible:outline-accent"
              data-testid="chat-example"
            >
              {example}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
