import type { ModelStatus } from '@polymath/shared/admin/console.schema';
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiErrorMessage } from '../../../lib/api/api-error.ts';
import { ADMIN_NS } from '../admin-texts.ts';
import { useCheckModelsMutation, useGetModelStatusesQuery } from './console-api.ts';
import { registerConsoleTexts } from './console-texts.ts';

registerConsoleTexts();

/** Each catalogue model, chat and image: its key, whether its provider still serves it, and its last 24 hours. */
export function ModelsSection() {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const { data, error } = useGetModelStatusesQuery();
  const [check, checking] = useCheckModelsMutation();
  const hidden = data?.models.filter((m) => m.hidden) ?? [];
  return (
    <section aria-labelledby="admin-section-title" data-testid="admin-models" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="admin-section-title" className="text-xl font-semibold">
            {t('nav.models')}
          </h2>
          <p className="mt-1 text-sm text-muted">{t('console.models.intro')}</p>
        </div>
        <Button variant="secondary" disabled={checking.isLoading} onClick={() => void check()}>
          {t('console.models.checkNow')}
        </Button>
      </div>
      {checking.error ? (
        <p role="alert" className="text-danger">
          {apiErrorMessage(checking.error, tc)}
        </p>
      ) : null}
      {hidden.map((m) => (
        <p
          key={m.id}
          role="alert"
          className="flex items-start gap-2 rounded-xl border border-danger/40 bg-surface p-3 text-sm"
        >
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0 text-danger" aria-hidden="true" />
          {t('console.models.hiddenWarning', { provider: m.provider, id: m.providerModelId })}
        </p>
      ))}
      {error ? (
        <p role="alert" className="text-danger">
          {apiErrorMessage(error, tc)}
        </p>
      ) : !data ? (
        <Spinner />
      ) : (
        <>
          <ModelTable kind="chat" models={data.models.filter((m) => m.kind === 'chat')} />
          <ModelTable kind="image" models={data.models.filter((m) => m.kind === 'image')} />
        </>
      )}
    </section>
  );
}

/**
 * One kind of model in a table: chat models with their last 24 hours of answers, image models with
 * their key and check only (they give no answers to time).
 */
function ModelTable({ kind, models }: { kind: ModelStatus['kind']; models: ModelStatus[] }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  const title = t(kind === 'chat' ? 'console.models.chatModels' : 'console.models.imageModels');
  const columns =
    kind === 'chat'
      ? (['model', 'key', 'served', 'errorRate', 'ttft'] as const)
      : (['model', 'key', 'served'] as const);
  if (models.length === 0) return null;
  return (
    // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
    <section
      className="overflow-x-auto rounded-xl border border-border focus-visible:outline-2 focus-visible:outline-accent"
      aria-label={title}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (axe scrollable-region-focusable)
      tabIndex={0}
    >
      <table className="w-full text-left text-sm" data-testid={kind === 'chat' ? 'models-table' : 'image-models'}>
        <caption className="bg-surface-2 px-3 pt-2 text-left font-medium">{title}</caption>
        <thead className="bg-surface-2 text-muted">
          <tr>
            {columns.map((k) => (
              <th key={k} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                {t(`console.models.${k}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {models.map((m) => (
            <tr key={m.id} className="border-t border-border align-top" data-testid={`model-${m.id}`}>
              <th scope="row" className="px-3 py-2 font-normal">
                <span className="font-medium">{m.displayName}</span>
                <span className="block text-xs text-muted">
                  {m.provider} · {m.id}
                  {m.providerModelId !== m.id ? ` (${t('console.models.alias', { id: m.providerModelId })})` : ''}
                </span>
              </th>
              <td className="px-3 py-2">{t(m.keySet ? 'console.models.keySet' : 'console.models.keyMissing')}</td>
              <td className="px-3 py-2">
                <span className={m.served === false ? 'font-medium text-danger' : ''}>
                  {t(
                    m.served === null
                      ? 'console.models.unknown'
                      : m.served
                        ? 'console.models.yes'
                        : 'console.models.no',
                  )}
                </span>
                <span className="block text-xs text-muted">
                  {m.checkedAt
                    ? t('console.models.checked', { when: when(m.checkedAt) })
                    : t('console.models.notChecked')}
                </span>
                {m.error ? <span className="block text-xs break-words text-danger">{m.error}</span> : null}
              </td>
              {kind === 'chat' ? (
                <>
                  <td className="px-3 py-2 tabular-nums whitespace-nowrap">
                    {m.answers === 0
                      ? t('console.models.none')
                      : `${percent.format(m.failed / m.answers)} (${m.failed}/${m.answers})`}
                  </td>
                  <td className="px-3 py-2 tabular-nums whitespace-nowrap">
                    {m.medianFirstTokenMs === null
                      ? t('console.models.none')
                      : t('console.models.ms', { value: m.medianFirstTokenMs })}
                  </td>
                </>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
