import { type Locale, WHATSAPP_CODE_LENGTH, type WhatsAppPending, type WhatsAppStatus } from '@polymath/shared';
import type { TFunction } from 'i18next';
import type { CountryCode } from 'libphonenumber-js/max';
import { CheckCircle2, FlaskConical, Smartphone } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Field } from '../../components/ui/field.tsx';
import { apiErrorCode, apiErrorMessage } from '../../lib/api/api-error.ts';
import { useAppSelector } from '../../lib/store/store.ts';
import { CountryPicker } from './country-picker.tsx';
import { FLAG_FONT, useFlagFont } from './flag-font.ts';
import {
  type Country,
  checkPhone,
  countryList,
  formatInternational,
  formatTyped,
  guessCountry,
} from './phone-number.ts';
import { useSendWhatsAppCodeMutation, useVerifyWhatsAppCodeMutation } from './whatsapp-api.ts';

type Step = 'country' | 'phone' | 'code';

/** What a failed call says, with the server's details (tries left, when to try again) when it gave them. */
function failureText(error: unknown, t: TFunction): string {
  const details = (error as { data?: { error?: { details?: Record<string, unknown> } } })?.data?.error?.details;
  const base = apiErrorMessage(error, t);
  if (typeof details?.triesLeft === 'number') return `${base} ${t('code.triesLeft', { count: details.triesLeft })}`;
  if (typeof details?.retryAfterSeconds === 'number') {
    return `${base} ${t('retryIn', { minutes: Math.max(1, Math.ceil(details.retryAfterSeconds / 60)) })}`;
  }
  return base;
}

/**
 * Linking a number in three steps (spec §2: a country, then a phone number): the country from a
 * searchable list, the number checked for that country as it is typed, then the 6-digit code
 * WhatsApp delivered (in test mode: shown on the sandbox phone).
 */
export function LinkNumber({ status, onLinked }: { status: WhatsAppStatus; onLinked: () => void }) {
  const { t, i18n } = useTranslation('whatsapp');
  const locale: Locale = i18n.language === 'tr' ? 'tr' : 'en';
  const countries = useMemo(() => countryList(locale), [locale]);
  const modelId = useAppSelector((s) => s.chat.toolSettings['web-main']?.modelName);
  const [step, setStep] = useState<Step>(status.pending ? 'code' : 'country');
  const [country, setCountry] = useState<Country | undefined>(() =>
    countries.find((c) => c.code === (status.pending?.country ?? guessCountry(navigator.languages))),
  );
  const [sendCode, sending] = useSendWhatsAppCodeMutation();
  const [sendError, setSendError] = useState<string>();

  const send = async (phone: string, chosen: Country) => {
    setSendError(undefined);
    const result = await sendCode({ phone, country: chosen.code, locale, ...(modelId ? { modelId } : {}) });
    if (result.error) {
      setSendError(failureText(result.error, t));
      return false;
    }
    setStep('code');
    return true;
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-xs font-semibold tracking-wide text-muted uppercase" data-testid="whatsapp-step">
        {t(`steps.${step}`)}
      </p>
      {step === 'country' ? (
        <CountryPicker
          countries={countries}
          initial={country?.code}
          onChoose={(chosen) => {
            setCountry(chosen);
            setStep('phone');
          }}
        />
      ) : null}
      {step === 'phone' && country ? (
        <PhoneStep
          country={country}
          busy={sending.isLoading}
          error={sendError}
          onChangeCountry={() => setStep('country')}
          onSubmit={(phone) => send(phone, country)}
        />
      ) : null}
      {step === 'code' && status.pending ? (
        <CodeStep
          pending={status.pending}
          sandbox={status.mode === 'sandbox'}
          resending={sending.isLoading}
          resendError={sendError}
          onResend={() => {
            const chosen = countries.find((c) => c.code === status.pending?.country);
            if (chosen && status.pending) void send(status.pending.phone, chosen);
          }}
          onOtherNumber={() => setStep('phone')}
          onLinked={onLinked}
        />
      ) : null}
      {step === 'code' && !status.pending ? (
        // The code was used up or expired meanwhile: a new one is needed.
        <Button variant="secondary" onClick={() => setStep(country ? 'phone' : 'country')}>
          {t('code.resend')}
        </Button>
      ) : null}
    </div>
  );
}

function PhoneStep({
  country,
  busy,
  error,
  onChangeCountry,
  onSubmit,
}: {
  country: Country;
  busy: boolean;
  error: string | undefined;
  onChangeCountry: () => void;
  onSubmit: (e164: string) => Promise<boolean>;
}) {
  const { t } = useTranslation('whatsapp');
  useFlagFont();
  const [value, setValue] = useState('');
  const [tried, setTried] = useState(false);
  const check = checkPhone(value, country.code as CountryCode);
  const hint =
    check.state === 'valid'
      ? { text: t('phone.valid', { phone: formatInternational(check.e164) }), bad: false }
      : check.state === 'invalid'
        ? { text: t('phone.invalid', { country: country.name }), bad: true }
        : check.state === 'too-long'
          ? { text: t('phone.tooLong', { country: country.name }), bad: true }
          : check.state === 'not-mobile'
            ? { text: t('phone.notMobile'), bad: true }
            : check.state === 'incomplete'
              ? { text: t('phone.incomplete'), bad: tried }
              : tried
                ? { text: t('phone.required'), bad: true }
                : null;

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const typed = e.target.value;
    // Grouped as the country writes numbers while typing; a deletion is left as it is, so the
    // spaces the formatting added can be deleted too.
    setValue(typed.length > value.length ? formatTyped(typed, country.code as CountryCode) : typed);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (check.state === 'valid') void onSubmit(check.e164);
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div className="flex items-center gap-3 rounded-xl border border-border bg-surface px-3 py-2">
        <span className="text-2xl leading-none" style={{ fontFamily: FLAG_FONT }} aria-hidden="true">
          {country.flag}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium" data-testid="chosen-country">
            {country.name}
          </span>
          <span className="block text-xs text-muted">+{country.dial}</span>
        </span>
        <Button variant="ghost" size="sm" onClick={onChangeCountry}>
          {t('country.change')}
        </Button>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="whatsapp-phone" className="text-sm font-medium">
          {t('phone.label')} (+{country.dial})
        </label>
        <input
          id="whatsapp-phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          // biome-ignore lint/a11y/noAutofocus: the step is about this one field
          autoFocus
          value={value}
          onChange={onChange}
          aria-invalid={hint?.bad ? true : undefined}
          aria-describedby="whatsapp-phone-hint"
          className={cn(
            'h-11 rounded-xl border bg-bg px-3 text-base text-fg tabular-nums focus:outline-2 focus:outline-accent',
            hint?.bad ? 'border-danger' : check.state === 'valid' ? 'border-success' : 'border-border',
          )}
        />
        <p
          id="whatsapp-phone-hint"
          aria-live="polite"
          className={cn(
            'flex min-h-5 items-center gap-1.5 text-sm',
            hint?.bad ? 'text-danger' : check.state === 'valid' ? 'text-success' : 'text-muted',
          )}
          data-testid="phone-hint"
        >
          {check.state === 'valid' ? <CheckCircle2 className="h-4 w-4" aria-hidden="true" /> : null}
          {hint?.text}
        </p>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="justify-center" disabled={busy}>
        <Smartphone className="h-4 w-4" aria-hidden="true" />
        {t('sendCode')}
      </Button>
    </form>
  );
}

function useSecondsUntil(iso: string): number {
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000));
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return left;
}

function CodeStep({
  pending,
  sandbox,
  resending,
  resendError,
  onResend,
  onOtherNumber,
  onLinked,
}: {
  pending: WhatsAppPending;
  sandbox: boolean;
  resending: boolean;
  resendError: string | undefined;
  onResend: () => void;
  onOtherNumber: () => void;
  onLinked: () => void;
}) {
  const { t } = useTranslation('whatsapp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [verify, verifying] = useVerifyWhatsAppCodeMutation();
  const resendIn = useSecondsUntil(pending.resendAt);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (code.length !== WHATSAPP_CODE_LENGTH) return setError(t('code.required'));
    setError(undefined);
    const result = await verify({ code });
    if (result.error) {
      setError(failureText(result.error, t));
      if (apiErrorCode(result.error) === 'WHATSAPP_CODE_EXPIRED') setCode('');
      return;
    }
    onLinked();
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm">{t('code.sentTo', { phone: formatInternational(pending.phone) })}</p>
      <p
        role="status"
        className={cn('text-sm', pending.delivery === 'failed' ? 'text-danger' : 'text-muted')}
        data-testid="code-delivery"
      >
        {t(`delivery.${pending.delivery}`)}
      </p>
      {sandbox ? (
        <div
          role="note"
          className="flex items-start gap-2 rounded-xl border border-dashed border-pro bg-pro/10 px-3 py-2 text-sm font-medium text-pro"
        >
          <FlaskConical className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            {t('sandbox.note')}{' '}
            <Link
              to={`/whatsapp/sandbox?phone=${encodeURIComponent(pending.phone)}`}
              target="_blank"
              className="underline underline-offset-2"
              data-testid="open-sandbox-phone"
            >
              {t('sandbox.openPhone')}
            </Link>
          </span>
        </div>
      ) : null}
      <Field
        label={t('code.label')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={WHATSAPP_CODE_LENGTH}
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, WHATSAPP_CODE_LENGTH))}
        error={error}
        autoFocus
        className="[&_input]:text-center [&_input]:font-mono [&_input]:text-xl [&_input]:tracking-[0.5em]"
      />
      <Button type="submit" size="lg" className="justify-center" disabled={verifying.isLoading}>
        {t('code.verify')}
      </Button>
      {resendError ? (
        <p role="alert" className="text-sm text-danger">
          {resendError}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={onOtherNumber}>
          {t('code.changeNumber')}
        </Button>
        <Button variant="secondary" size="sm" onClick={onResend} disabled={resendIn > 0 || resending}>
          {resendIn > 0 ? t('code.resendIn', { seconds: resendIn }) : t('code.resend')}
        </Button>
      </div>
    </form>
  );
}
