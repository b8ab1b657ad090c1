import type { PublicConfig } from '@polymath/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { SettingsSection } from '../../components/ui/settings-section.tsx';
import { tagNames } from './tag-names.ts';
import { configuredTags, saveConsent, useTrackingConsent } from './tracking-consent.ts';

/**
 * The tracking answer, to read and change later (Settings → Account, the privacy policy page): which
 * tags this server uses, the current answer, and Accept / Reject. A "no" after a "yes" takes effect
 * at once (tracking-tags.tsx removes their cookies and reloads the page without them).
 */
export function ConsentChoice({ config }: { config: Pick<PublicConfig, 'gtmId' | 'adPixelId'> | undefined }) {
  const { t, i18n } = useTranslation('privacy');
  const tags = configuredTags(config);
  const consent = useTrackingConsent(tags);
  if (tags.length === 0) {
    return (
      <p className="text-sm text-muted" data-testid="consent-choice-none">
        {t('choice.none')}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3" data-testid="consent-choice">
      <p className="text-sm">{t('choice.uses', { tags: tagNames(tags, i18n.resolvedLanguage) })}</p>
      <p className="text-sm font-medium" role="status" data-testid="consent-choice-state">
        {t(`choice.current.${consent}`)}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          className="justify-center border border-border sm:min-w-32 aria-pressed:border-accent aria-pressed:ring-1 aria-pressed:ring-accent"
          aria-pressed={consent === 'rejected'}
          data-testid="consent-choice-reject"
          onClick={() => saveConsent('rejected', tags)}
        >
          {t('consent.reject')}
        </Button>
        <Button
          variant="secondary"
          className="justify-center border border-border sm:min-w-32 aria-pressed:border-accent aria-pressed:ring-1 aria-pressed:ring-accent"
          aria-pressed={consent === 'accepted'}
          data-testid="consent-choice-accept"
          onClick={() => saveConsent('accepted', tags)}
        >
          {t('consent.accept')}
        </Button>
      </div>
      <p className="text-xs text-muted">{t('choice.kept')}</p>
    </div>
  );
}

/** Settings → Account's card for the tracking answer; nothing when this server has no tags configured. */
export function TrackingSettingsSection({ config }: { config: Pick<PublicConfig, 'gtmId' | 'adPixelId'> | undefined }) {
  const { t } = useTranslation('privacy');
  if (configuredTags(config).length === 0) return null;
  return (
    <SettingsSection title={t('choice.title')}>
      <ConsentChoice config={config} />
    </SettingsSection>
  );
}
