import { useTranslation } from 'react-i18next';
import { ConsentChoice } from '../../../features/analytics/consent-choice.tsx';
import { PolicyArticle } from '../../../features/policies/policy-article.tsx';
import { useGetPublicConfigQuery } from '../../../lib/api/base-api.ts';
import { PublicLayout } from '../../layouts/public-layout.tsx';

export function Component() {
  const { t } = useTranslation('privacy');
  const { data: config } = useGetPublicConfigQuery();
  return (
    <PublicLayout wide>
      <PolicyArticle
        id="privacy"
        extras={{
          // What this server actually uses, and the person's answer, where the policy describes them.
          tracking: (
            <div className="rounded-2xl border border-border bg-surface p-5" data-testid="policy-tracking-choice">
              <h3 className="mb-3 font-semibold">{t('choice.title')}</h3>
              <ConsentChoice config={config} />
            </div>
          ),
        }}
      />
    </PublicLayout>
  );
}
