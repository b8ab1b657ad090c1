import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { tagCompanies, tagNames } from './tag-names.ts';
import { saveConsent, type TrackingTag } from './tracking-consent.ts';

/**
 * Asks before the tag manager or the ad pixel loads (decision 030). Not modal: the app stays usable,
 * and nothing loads while the question is open. Accept and Reject are the same kind of button, side
 * by side, one press each; the answer is remembered and can be changed in Settings or on the privacy
 * policy page.
 */
export default function ConsentBanner({ tags }: { tags: readonly TrackingTag[] }) {
  const { t, i18n } = useTranslation('privacy');
  return (
    <section
      aria-labelledby="consent-banner-title"
      data-testid="consent-banner"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-2xl rounded-2xl border border-border bg-bg p-4 shadow-xl sm:inset-x-6 sm:bottom-6 sm:p-5"
    >
      <h2 id="consent-banner-title" className="font-semibold">
        {t('consent.title')}
      </h2>
      <p className="mt-1.5 text-sm text-muted">
        {t('consent.text', {
          tags: tagNames(tags, i18n.resolvedLanguage),
          companies: tagCompanies(tags, i18n.resolvedLanguage),
        })}{' '}
        <Link to="/privacy-policy" className="text-fg underline underline-offset-2 hover:text-accent">
          {t('consent.policyLink')}
        </Link>
      </p>
      <div className="mt-4 grid grid-cols-2 gap-3 sm:flex sm:justify-end">
        <Button
          variant="secondary"
          className="justify-center border border-border sm:min-w-32"
          data-testid="consent-reject"
          onClick={() => saveConsent('rejected', tags)}
        >
          {t('consent.reject')}
        </Button>
        <Button
          variant="secondary"
          className="justify-center border border-border sm:min-w-32"
          data-testid="consent-accept"
          onClick={() => saveConsent('accepted', tags)}
        >
          {t('consent.accept')}
        </Button>
      </div>
    </section>
  );
}
