import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.tsx';
import { upgradeToProDialogSet } from '../../lib/store/dialogs-slice.ts';
import { useAppDispatch } from '../../lib/store/store.ts';

/** On a Pro tool, for a free person: what Pro gives here and the way to it. */
export function ProToolNotice() {
  const { t } = useTranslation('tools');
  const dispatch = useAppDispatch();
  return (
    <div className="mx-auto mt-6 w-full max-w-3xl px-4" data-testid="pro-tool-notice">
      <div className="flex flex-col gap-3 rounded-2xl border border-pro/40 bg-pro/5 px-4 py-3 text-sm sm:flex-row sm:items-center">
        <p className="flex flex-1 items-start gap-2">
          <Crown className="mt-0.5 h-4 w-4 shrink-0 text-pro" aria-hidden="true" />
          {t('proTool.text')}
        </p>
        <button
          type="button"
          className={buttonClass('primary', 'sm')}
          onClick={() => dispatch(upgradeToProDialogSet(true))}
          data-testid="pro-tool-upgrade"
        >
          {t('proTool.upgrade')}
        </button>
      </div>
    </div>
  );
}
