import {
  LOGO_BRAND_MAX,
  LOGO_INDUSTRY_MAX,
  LOGO_PALETTES,
  LOGO_STYLES,
  LOGO_TAGLINE_MAX,
  type LogoMakerInput,
  type LogoMode,
  type LogoPaletteId,
  logoMakerInputSchema,
} from '@polymath/shared';
import { ChevronDown, Sparkles, X } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn.ts';
import { toolInputChanged } from '../../../lib/store/chat-slice.ts';
import { type RootState, useAppDispatch, useAppSelector } from '../../../lib/store/store.ts';

const TOOL = 'logo-maker';

/** The brief as stored (whatever the person typed so far). */
export function selectLogoDraft(state: RootState): Record<string, unknown> {
  return state.chat.toolInputs?.[TOOL] ?? {};
}

/** The brief a request carries: checked with the server's own schema; null while it is not complete. */
export function parseLogoBrief(draft: Record<string, unknown>): LogoMakerInput | null {
  const parsed = logoMakerInputSchema.safeParse(draft);
  return parsed.success ? parsed.data : null;
}

/** Marks a logo image as the one the next message refines (and the mode it was made in). */
export function refineLogo(image: { id: string; urls: { svg?: string | undefined } | null }) {
  return toolInputChanged({
    toolId: TOOL,
    input: { refineImageId: image.id, mode: image.urls?.svg ? 'text' : 'graphic' },
  });
}

export const clearRefine = () => toolInputChanged({ toolId: TOOL, input: { refineImageId: undefined } });

const segment =
  'inline-flex h-9 cursor-pointer items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-medium text-muted transition hover:text-fg focus-visible:outline-2 focus-visible:outline-accent data-[state=checked]:bg-bg data-[state=checked]:text-fg data-[state=checked]:shadow-sm';
const input =
  'h-9 w-full min-w-0 rounded-lg border bg-bg px-2.5 text-sm text-fg placeholder:text-muted focus:outline-2 focus:outline-accent';

function paletteOf(colours: unknown): LogoPaletteId | 'custom' | 'any' {
  if (!Array.isArray(colours) || colours.length === 0) return 'any';
  const key = (Object.keys(LOGO_PALETTES) as LogoPaletteId[]).find((id) => LOGO_PALETTES[id].join() === colours.join());
  return key ?? 'custom';
}

/**
 * The logo maker's brief above the message box: graphic or text, the brand name (required), the
 * tagline, industry, style and colours. Kept with the tool (and the thread) and sent with every
 * message; the server's templates turn it into the image prompt or the text logo.
 */
export function LogoBrief({
  brandError,
  onBrandEdited,
}: {
  brandError?: string | undefined;
  onBrandEdited: () => void;
}) {
  const { t } = useTranslation('logo-maker');
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectLogoDraft);
  const [more, setMore] = useState(false);
  const ids = { brand: useId(), tagline: useId(), industry: useId(), style: useId(), error: useId() };
  const set = (next: Record<string, unknown>) => dispatch(toolInputChanged({ toolId: TOOL, input: next }));
  const mode = (draft.mode as LogoMode | undefined) ?? 'graphic';
  const palette = paletteOf(draft.colours);
  const colours = Array.isArray(draft.colours) ? (draft.colours as string[]) : [];
  const refineId = typeof draft.refineImageId === 'string' ? draft.refineImageId : null;
  const text = (key: string) => (typeof draft[key] === 'string' ? (draft[key] as string) : '');

  return (
    <fieldset className="mx-auto flex w-full max-w-3xl flex-col gap-2 px-3 pb-2 sm:px-4" data-testid="logo-brief">
      <legend className="sr-only">{t('brief.label')}</legend>
      {refineId ? (
        <div
          className="flex items-center gap-2 self-start rounded-xl border border-accent/50 bg-accent-soft px-2 py-1 text-sm"
          data-testid="logo-refining"
        >
          <img
            src={`/api/images/${encodeURIComponent(refineId)}/file?variant=thumb`}
            alt=""
            className="h-8 w-8 rounded-md bg-white object-contain"
          />
          <Sparkles className="h-4 w-4 text-accent" aria-hidden="true" />
          <span>{t('brief.refining')}</span>
          <button
            type="button"
            onClick={() => dispatch(clearRefine())}
            className="rounded-md p-1 text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
            aria-label={t('brief.stopRefining')}
            title={t('brief.stopRefining')}
            data-testid="logo-refining-clear"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      ) : null}
      <div className="flex flex-wrap items-start gap-2">
        <RadioGroup.Root
          value={mode}
          onValueChange={(value) => set({ mode: value })}
          aria-label={t('brief.mode')}
          orientation="horizontal"
          className="flex shrink-0 gap-1 rounded-xl bg-surface-2 p-1"
        >
          {(['graphic', 'text'] as const).map((value) => (
            <RadioGroup.Item key={value} value={value} className={segment} data-testid={`logo-mode-${value}`}>
              {t(`brief.modes.${value}`)}
            </RadioGroup.Item>
          ))}
        </RadioGroup.Root>
        <div className="flex min-w-[10rem] flex-1 flex-col gap-1">
          <label htmlFor={ids.brand} className="sr-only">
            {t('brief.brandName')}
          </label>
          <input
            id={ids.brand}
            className={cn(input, 'mt-1', brandError ? 'border-danger' : 'border-border')}
            placeholder={t('brief.brandNamePlaceholder')}
            maxLength={LOGO_BRAND_MAX}
            value={text('brandName')}
            onChange={(e) => {
              set({ brandName: e.target.value });
              onBrandEdited();
            }}
            aria-required="true"
            aria-invalid={brandError ? true : undefined}
            aria-describedby={brandError ? ids.error : undefined}
            data-testid="logo-brand-name"
          />
          {brandError ? (
            <p id={ids.error} role="alert" className="text-xs text-danger" data-testid="logo-brand-error">
              {brandError}
            </p>
          ) : null}
        </div>
        <div className="mt-1 hidden min-w-[10rem] flex-1 sm:block">
          <label htmlFor={ids.tagline} className="sr-only">
            {t('brief.tagline')}
          </label>
          <input
            id={ids.tagline}
            className={cn(input, 'border-border')}
            placeholder={t('brief.taglinePlaceholder')}
            maxLength={LOGO_TAGLINE_MAX}
            value={text('tagline')}
            onChange={(e) => set({ tagline: e.target.value || undefined })}
            data-testid="logo-tagline"
          />
        </div>
        <button
          type="button"
          onClick={() => setMore((m) => !m)}
          aria-expanded={more}
          className="mt-1 inline-flex h-9 items-center gap-1 rounded-lg px-2 text-sm text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-accent sm:hidden"
          data-testid="logo-more"
        >
          {t('brief.more')}
          <ChevronDown className={cn('h-4 w-4 transition', more && 'rotate-180')} aria-hidden="true" />
        </button>
      </div>
      <div className={cn('flex-wrap items-center gap-2', more ? 'flex' : 'hidden sm:flex')}>
        <div className="w-full sm:hidden">
          <input
            className={cn(input, 'border-border')}
            aria-label={t('brief.tagline')}
            placeholder={t('brief.taglinePlaceholder')}
            maxLength={LOGO_TAGLINE_MAX}
            value={text('tagline')}
            onChange={(e) => set({ tagline: e.target.value || undefined })}
          />
        </div>
        <label htmlFor={ids.industry} className="sr-only">
          {t('brief.industry')}
        </label>
        <input
          id={ids.industry}
          className={cn(input, 'border-border sm:w-44 sm:flex-none')}
          placeholder={t('brief.industryPlaceholder')}
          maxLength={LOGO_INDUSTRY_MAX}
          value={text('industry')}
          onChange={(e) => set({ industry: e.target.value || undefined })}
          data-testid="logo-industry"
        />
        <label className="flex items-center gap-2 text-xs text-muted" htmlFor={ids.style}>
          {t('brief.style')}
          <select
            id={ids.style}
            value={text('style')}
            onChange={(e) => set({ style: e.target.value || undefined })}
            className="h-9 rounded-lg border border-border bg-bg px-2 text-sm text-fg focus:outline-2 focus:outline-accent"
            data-testid="logo-style"
          >
            <option value="">{t('brief.anyStyle')}</option>
            {LOGO_STYLES.map((style) => (
              <option key={style} value={style}>
                {t(`brief.styles.${style}`)}
              </option>
            ))}
          </select>
        </label>
        <RadioGroup.Root
          value={palette}
          onValueChange={(value) => {
            if (value === 'any') set({ colours: undefined });
            else if (value === 'custom') set({ colours: [colours[0] ?? '#2563eb'] });
            else set({ colours: [...LOGO_PALETTES[value as LogoPaletteId]] });
          }}
          aria-label={t('brief.colours')}
          orientation="horizontal"
          className="flex flex-wrap items-center gap-1"
          data-testid="logo-palette"
        >
          <RadioGroup.Item
            value="any"
            className="h-8 rounded-lg border border-border px-2 text-xs text-muted data-[state=checked]:border-accent data-[state=checked]:text-fg focus-visible:outline-2 focus-visible:outline-accent"
          >
            {t('brief.anyColours')}
          </RadioGroup.Item>
          {(Object.keys(LOGO_PALETTES) as LogoPaletteId[]).map((id) => (
            <RadioGroup.Item
              key={id}
              value={id}
              aria-label={t(`brief.palettes.${id}`)}
              title={t(`brief.palettes.${id}`)}
              className="flex h-8 items-center gap-0.5 rounded-lg border border-border p-1 data-[state=checked]:border-accent data-[state=checked]:ring-2 data-[state=checked]:ring-accent/40 focus-visible:outline-2 focus-visible:outline-accent"
              data-testid={`logo-palette-${id}`}
            >
              {LOGO_PALETTES[id].map((colour) => (
                <span key={colour} className="h-5 w-2.5 rounded-sm" style={{ backgroundColor: colour }} />
              ))}
            </RadioGroup.Item>
          ))}
          <RadioGroup.Item
            value="custom"
            className="h-8 rounded-lg border border-border px-2 text-xs text-muted data-[state=checked]:border-accent data-[state=checked]:text-fg focus-visible:outline-2 focus-visible:outline-accent"
            data-testid="logo-palette-custom"
          >
            {t('brief.customColours')}
          </RadioGroup.Item>
        </RadioGroup.Root>
        {palette === 'custom'
          ? [0, 1].map((i) => (
              <input
                key={i}
                type="color"
                value={colours[i] ?? (i === 0 ? '#2563eb' : '#f59e0b')}
                onChange={(e) => {
                  const next = [...colours];
                  next[i] = e.target.value.toLowerCase();
                  set({ colours: next.filter(Boolean) });
                }}
                aria-label={t(i === 0 ? 'brief.mainColour' : 'brief.accentColour')}
                className="h-8 w-10 cursor-pointer rounded-md border border-border bg-bg"
                data-testid={`logo-colour-${i}`}
              />
            ))
          : null}
      </div>
    </fieldset>
  );
}
