import { type CountryCode, getCountries, getCountryCallingCode, isValidPhoneNumber } from 'libphonenumber-js/min';
import { MessageCircle } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { authDialogOpened, upgradeToProDialogSet, whatsAppDialogSet } from '../../lib/store/dialogs-slice.ts';
import { useAppDispatch, useAppSelector } from '../../lib/store/store.ts';

/** WhatsApp dialog (spec §2): choose a country, then enter a phone number. Pro users chat in WhatsApp. */
export default function WhatsAppDialog() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.dialogs.whatsApp.isOpen);
  const user = useAppSelector((s) => s.user.currentUser);
  const [country, setCountry] = useState<CountryCode | ''>('');
  const [step, setStep] = useState<'country' | 'phone'>('country');
  const [error, setError] = useState<string>();

  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.resolvedLanguage ?? 'en'], { type: 'region' });
    return getCountries()
      .map((code) => ({ code, name: names.of(code) ?? code, dial: getCountryCallingCode(code) }))
      .sort((a, b) => a.name.localeCompare(b.name, i18n.resolvedLanguage));
  }, [i18n.resolvedLanguage]);

  const close = () => {
    dispatch(whatsAppDialogSet(false));
    setStep('country');
    setError(undefined);
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (step === 'country') {
      if (!country) return setError(t('validation:required'));
      setError(undefined);
      return setStep('phone');
    }
    const phone = String(new FormData(e.currentTarget).get('phone') ?? '').trim();
    if (!phone) return setError(t('validation:required'));
    if (!country || !isValidPhoneNumber(phone, country)) return setError(t('whatsapp.invalidPhone'));
    setError(undefined);
    close();
    if (!user) dispatch(authDialogOpened('signIn'));
    else if (user.accessLevel !== 'pro') dispatch(upgradeToProDialogSet(true));
    else toast.info(t('whatsapp.unavailable'));
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => (o ? undefined : close())}
      title={
        <span className="flex items-center gap-2">
          <MessageCircle className="h-5 w-5 text-[#25d366]" aria-hidden="true" />
          {t('whatsapp.title')}
        </span>
      }
      description={t('whatsapp.description')}
      testId="whatsapp-dialog"
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {step === 'country' ? (
          <div className="flex flex-col gap-1.5">
            <label htmlFor="whatsapp-country" className="text-sm font-medium">
              {t('whatsapp.country')}
            </label>
            <select
              id="whatsapp-country"
              value={country}
              onChange={(e) => setCountry(e.target.value as CountryCode)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'whatsapp-error' : undefined}
              className="h-11 rounded-xl border border-border bg-bg px-3 text-base text-fg focus:outline-2 focus:outline-accent"
            >
              <option value="">{t('whatsapp.chooseCountry')}</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name} (+{c.dial})
                </option>
              ))}
            </select>
            {error ? (
              <p id="whatsapp-error" role="alert" className="text-sm text-danger">
                {error}
              </p>
            ) : null}
          </div>
        ) : (
          <Field
            label={`${t('whatsapp.phone')} (+${country ? getCountryCallingCode(country) : ''})`}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            autoFocus
            error={error}
          />
        )}
        <div className="flex gap-2">
          {step === 'phone' ? (
            <Button variant="secondary" size="lg" className="flex-1 justify-center" onClick={() => setStep('country')}>
              {t('actions.back')}
            </Button>
          ) : null}
          <Button type="submit" size="lg" className="flex-1 justify-center">
            {step === 'country' ? t('actions.continue') : t('whatsapp.connect')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
