import { LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { authDialogOpened } from '../../../lib/store/dialogs-slice.ts';
import { useAppDispatch } from '../../store.ts';

/** What a settings tab shows to a visitor who is not signed in. */
export function SignedOutNotice({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <section className="rounded-2xl border border-border bg-surface p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-2 text-sm text-muted">{text}</p>
      <Button className="mt-5" onClick={() => dispatch(authDialogOpened('signIn'))}>
        <LogIn className="h-4 w-4" aria-hidden="true" />
        {t('settings.signInToManage')}
      </Button>
    </section>
  );
}
