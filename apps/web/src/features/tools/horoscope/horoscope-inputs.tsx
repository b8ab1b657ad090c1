import {
  cityDisplayName,
  HOROSCOPE_TYPE_SLUGS,
  type HoroscopeType,
  horoscopeTypeInfo,
  type Locale,
  parseIsoDate,
  signFromBirthDate,
  ZODIAC_SIGNS,
  type ZodiacSign,
} from '@polymath/shared';
import type { TFunction } from 'i18next';
import { ChevronDown, Sparkles } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { CityField } from './city-field.tsx';
import { type HoroscopeDraft, type InputErrors, type PersonMode, personSign } from './horoscope-draft.ts';
import { formatDate, signDates, signLabel } from './sky-format.ts';
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
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
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
          className={cn(control(error), 'w-full')}
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
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
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
            className={cn(control(error), 'w-full min-w-32')}
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

/** The inputs in one line, for the folded panel: "Daily · ♌ Leo", "Birth chart · 1 August 1990 14:30, İzmir". */
function summary(type: HoroscopeType | undefined, draft: HoroscopeDraft, t: TFunction, locale: Locale): string {
  if (!type) return t('chooseType');
  const name = t(`types.${type}.name`);
  const subject = horoscopeTypeInfo(type).subject;
  if (subject === 'birth') {
    const city = draft.city?.name ? cityDisplayName({ ...draft.city, name: draft.city.name }, locale) : '';
    const when = [draft.chartDate ? formatDate(draft.chartDate, locale) : '', draft.chartTime ?? ''].join(' ').trim();
    return [name, [when, city].filter(Boolean).join(', ')].filter(Boolean).join(' · ');
  }
  const label = (sign: ZodiacSign | undefined) => (sign ? signLabel(sign, locale) : '…');
  const you = label(personSign(draft.personBy, draft.sign, draft.birthDate));
  if (subject === 'pair') {
    return `${name} · ${you} & ${label(personSign(draft.partnerBy, draft.partnerSign, draft.partnerBirthDate))}`;
  }
  return `${name} · ${you}`;
}

export type HoroscopeInputsProps = {
  type: HoroscopeType | undefined;
  /** On a phone, start folded into one line (a thread's page, where the chat needs the room). */
  folded?: boolean;
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
  folded = false,
  draft,
  errors,
  onTypeChange,
  onDraftChange,
  onGetReading,
  busy,
}: HoroscopeInputsProps) {
  const { t } = useTranslation('horoscope');
  const locale = useLocale();
  const [open, setOpen] = useState(!folded);
  const subject = type ? horoscopeTypeInfo(type).subject : undefined;
  // A message must be seen: the fields open when there is one.
  const expanded = open || Object.keys(errors).length > 0;
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
    <fieldset className="mx-auto w-full min-w-0 max-w-3xl px-3 pb-2 sm:px-4" data-testid="horoscope-inputs">
      <legend className="sr-only">{t('type')}</legend>
      <button
        type="button"
        onClick={() => setOpen(!expanded)}
        aria-expanded={expanded}
        aria-controls="horoscope-fields"
        className="mb-1.5 flex w-full items-center gap-2 rounded-lg border border-border bg-surface px-3 py-1.5 text-left text-sm sm:hidden"
        data-testid="horoscope-inputs-toggle"
      >
        <span className="min-w-0 flex-1 truncate">{summary(type, draft, t, locale)}</span>
        <ChevronDown className={cn('h-4 w-4 shrink-0 transition', expanded ? 'rotate-180' : '')} aria-hidden="true" />
      </button>
      <div
        id="horoscope-fields"
        className={cn('flex-wrap items-start gap-x-3 gap-y-2 sm:flex', expanded ? 'flex' : 'hidden')}
      >
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
        {subject === 'sign' ? person('person') : null}
        {subject === 'pair' ? (
          // Side by side even on a phone: the two people read as a pair.
          <div className="grid w-full grid-cols-2 gap-3 sm:w-auto">
            {person('person')}
            {person('partner')}
          </div>
        ) : null}
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
              className="min-w-44 flex-1 sm:w-56 sm:flex-none"
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
