import {
  HOROSCOPE_TYPE_SLUGS,
  type HoroscopeType,
  horoscopeTypeInfo,
  parseIsoDate,
  signFromBirthDate,
  ZODIAC_SIGNS,
  type ZodiacSign,
} from '@polymath/shared';
import { Sparkles } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { CityField } from './city-field.tsx';
import type { HoroscopeDraft, InputErrors, PersonMode } from './horoscope-draft.ts';
import { signDates, signLabel } from './sky-format.ts';
import { useLocale } from './sky-positions.tsx';

const control = (error: string | undefined) =>
  cn(
    'h-9 min-w-0 rounded-lg border bg-bg px-2 text-sm text-fg focus:outline-2 focus:outline-accent',
    error ? 'border-danger' : 'border-border',
  );

const segment =
  'inline-flex h-7 cursor-pointer items-center rounded-md px-2 text-xs font-medium text-muted transition hover:text-fg focus-visible:outline-2 focus-visible:outline-accent data-[state=checked]:bg-bg data-[state=checked]:text-fg data-[state=checked]:shadow-sm';

const today = () => new Date().toISOString().slice(0, 10);

/** A labelled control with its message under it, linked for screen readers. */
function Labelled({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-danger" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** One person: a sign from the list, or a birthday whose sign is shown as it is derived. */
function PersonField({
  id,
  label,
  by,
  sign,
  birthDate,
  errors,
  onChange,
}: {
  id: string;
  label: string;
  by: PersonMode;
  sign: ZodiacSign | undefined;
  birthDate: string | undefined;
  errors: { sign?: string | undefined; birthDate?: string | undefined };
  onChange: (change: { by: PersonMode } | { sign: ZodiacSign } | { birthDate: string | undefined }) => void;
}) {
  const { t } = useTranslation('horoscope');
  const locale = useLocale();
  const date = birthDate ? parseIsoDate(birthDate) : undefined;
  const derived = date ? signFromBirthDate(date.month, date.day) : undefined;
  const error = by === 'date' ? errors.birthDate : errors.sign;
  const fieldId = `${id}-${by === 'date' ? 'birth-date' : 'sign'}`;
  return (
    <div className="flex min-w-0 flex-col gap-1" data-testid={id}>
      <div className="flex items-center gap-2">
        <span className="text-xs font-medium text-muted" id={`${id}-label`}>
          {label}
        </span>
        <RadioGroup.Root
          value={by}
          onValueChange={(v) => onChange({ by: v as PersonMode })}
          aria-label={`${label}: ${t('mode.label')}`}
          orientation="horizontal"
          className="flex gap-0.5 rounded-lg bg-surface-2 p-0.5"
        >
          <RadioGroup.Item value="sign" className={segment} data-testid={`${id}-by-sign`}>
            {t('mode.sign')}
          </RadioGroup.Item>
          <RadioGroup.Item value="date" className={segment} data-testid={`${id}-by-date`}>
            {t('mode.date')}
          </RadioGroup.Item>
        </RadioGroup.Root>
      </div>
      {by === 'sign' ? (
        <select
          id={fieldId}
          aria-labelledby={`${id}-label`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          value={sign ?? ''}
          onChange={(e) => onChange({ sign: e.target.value as ZodiacSign })}
          className={control(error)}
          data-testid={`${id}-sign`}
        >
          {sign ? null : <option value="">{t('chooseSign')}</option>}
          {ZODIAC_SIGNS.map((s) => (
            <option key={s.slug} value={s.slug}>
              {signLabel(s.slug, locale)} ({signDates(s.slug, locale)})
            </option>
          ))}
        </select>
      ) : (
        <div className="flex items-center gap-2">
          <input
            id={fieldId}
            type="date"
            aria-labelledby={`${id}-label`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
            min="1900-01-01"
            max={today()}
            value={birthDate ?? ''}
            onChange={(e) => onChange({ birthDate: e.target.value || undefined })}
            className={control(error)}
            data-testid={`${id}-birth-date`}
          />
          {derived ? (
            <span className="whitespace-nowrap text-xs text-muted" data-testid={`${id}-derived`}>
              {t('signFromDate', { sign: signLabel(derived, locale) })}
            </span>
          ) : null}
        </div>
      )}
      {error ? (
        <p id={`${fieldId}-error`} role="alert" className="text-xs text-danger" data-testid={`${fieldId}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export type HoroscopeInputsProps = {
  type: HoroscopeType | undefined;
  draft: HoroscopeDraft;
  errors: InputErrors;
  onTypeChange: (type: HoroscopeType) => void;
  onDraftChange: (change: Partial<HoroscopeDraft>, fields: string[]) => void;
  onGetReading: () => void;
  busy: boolean;
};

/**
 * The horoscope's inputs above the message box: the type, then what that type reads (a sign or
 * birthday, two of them, or a birth date, time and place), and "Get my reading". Messages appear
 * at their fields; the spec's "Please selecet an horoscope type." at the type.
 */
export function HoroscopeInputs({
  type,
  draft,
  errors,
  onTypeChange,
  onDraftChange,
  onGetReading,
  busy,
}: HoroscopeInputsProps) {
  const { t } = useTranslation('horoscope');
  const subject = type ? horoscopeTypeInfo(type).subject : undefined;
  const person = (prefix: 'person' | 'partner') => {
    const isPartner = prefix === 'partner';
    return (
      <PersonField
        id={`horoscope-${prefix}`}
        label={isPartner ? t('partner') : subject === 'pair' ? t('you') : t('yourSign')}
        by={isPartner ? draft.partnerBy : draft.personBy}
        sign={isPartner ? draft.partnerSign : draft.sign}
        birthDate={isPartner ? draft.partnerBirthDate : draft.birthDate}
        errors={{ sign: errors[`${prefix}.sign`], birthDate: errors[`${prefix}.birthDate`] }}
        onChange={(change) => {
          const fields = [`${prefix}.sign`, `${prefix}.birthDate`];
          if ('by' in change) onDraftChange(isPartner ? { partnerBy: change.by } : { personBy: change.by }, fields);
          else if ('sign' in change)
            onDraftChange(isPartner ? { partnerSign: change.sign } : { sign: change.sign }, fields);
          else
            onDraftChange(isPartner ? { partnerBirthDate: change.birthDate } : { birthDate: change.birthDate }, fields);
        }}
      />
    );
  };
  return (
    <fieldset className="mx-auto w-full max-w-3xl px-3 pb-2 sm:px-4" data-testid="horoscope-inputs">
      <legend className="sr-only">{t('type')}</legend>
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <Labelled id="horoscope-type" label={t('type')} error={errors.type}>
          <select
            id="horoscope-type"
            value={type ?? ''}
            onChange={(e) => onTypeChange(e.target.value as HoroscopeType)}
            aria-invalid={errors.type ? true : undefined}
            aria-describedby={errors.type ? 'horoscope-type-error' : undefined}
            className={control(errors.type)}
            data-testid="horoscope-type"
          >
            {type ? null : <option value="">{t('chooseType')}</option>}
            {HOROSCOPE_TYPE_SLUGS.map((slug) => (
              <option key={slug} value={slug}>
                {t(`types.${slug}.name`)}
              </option>
            ))}
          </select>
        </Labelled>
        {subject === 'sign' || subject === 'pair' ? person('person') : null}
        {subject === 'pair' ? person('partner') : null}
        {subject === 'birth' ? (
          <>
            <Labelled id="horoscope-chart-date" label={t('chart.date')} error={errors.birthDate}>
              <input
                id="horoscope-chart-date"
                type="date"
                min="1900-01-01"
                max={today()}
                value={draft.chartDate ?? ''}
                onChange={(e) => onDraftChange({ chartDate: e.target.value || undefined }, ['birthDate'])}
                aria-invalid={errors.birthDate ? true : undefined}
                aria-describedby={errors.birthDate ? 'horoscope-chart-date-error' : undefined}
                className={control(errors.birthDate)}
                data-testid="horoscope-chart-date"
              />
            </Labelled>
            <Labelled id="horoscope-chart-time" label={t('chart.time')} error={errors.birthTime}>
              <input
                id="horoscope-chart-time"
                type="time"
                value={draft.chartTime ?? ''}
                onChange={(e) => onDraftChange({ chartTime: e.target.value || undefined }, ['birthTime'])}
                aria-invalid={errors.birthTime ? true : undefined}
                aria-describedby={errors.birthTime ? 'horoscope-chart-time-error' : 'horoscope-chart-time-hint'}
                title={t('chart.timeHint')}
                className={control(errors.birthTime)}
                data-testid="horoscope-chart-time"
              />
              <span id="horoscope-chart-time-hint" className="sr-only">
                {t('chart.timeHint')}
              </span>
            </Labelled>
            <CityField
              className="w-full sm:w-56"
              value={draft.city}
              onChange={(city) => onDraftChange({ city }, ['cityId'])}
              error={errors.cityId}
            />
          </>
        ) : null}
        <div className="flex flex-col gap-1 self-end">
          <button
            type="button"
            onClick={onGetReading}
            disabled={busy}
            className={buttonClass('primary', 'sm', 'h-9')}
            data-testid="horoscope-get-reading"
          >
            <Sparkles className="h-4 w-4" aria-hidden="true" />
            {t('getReading')}
          </button>
        </div>
      </div>
      <p className="mt-1.5 text-[11px] text-muted" data-testid="horoscope-entertainment">
        {t('entertainment')}
      </p>
    </fieldset>
  );
}
