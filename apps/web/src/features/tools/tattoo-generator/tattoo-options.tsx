import {
  DEFAULT_TATTOO_AREA,
  TATTOO_COLOURS,
  TATTOO_PHOTO_EXTENSIONS,
  TATTOO_PHOTO_MAX_BYTES,
  TATTOO_PHOTO_REFUSALS,
  TATTOO_PHOTO_TYPES,
  TATTOO_PLACEMENTS,
  TATTOO_STYLES,
  type TattooArea,
  type TattooGeneratorInput,
  type TattooPhotoRefusal,
  tattooGeneratorInputSchema,
} from '@polymath/shared';
import { Camera, Loader2, X } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { type KeyboardEvent, type PointerEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { apiErrorMessage } from '../../../lib/api/api-error.ts';
import { toolInputChanged } from '../../../lib/store/chat-slice.ts';
import { type RootState, useAppDispatch, useAppSelector } from '../../../lib/store/store.ts';
import { toast } from '../../../lib/toast/toast.ts';
import { useUploadTattooPhotoMutation } from './tattoo-api.ts';

const TOOL = 'tattoo-generator';

/** The options as stored (anything no longer valid is dropped). */
export function selectTattooOptions(state: RootState): TattooGeneratorInput {
  const parsed = tattooGeneratorInputSchema.safeParse(state.chat.toolInputs?.[TOOL] ?? {});
  return parsed.success ? parsed.data : { colour: 'black-and-grey' };
}

/** The photo's address for its owner (the id came from the upload). */
export const photoUrl = (id: string) => `/api/tattoo/photos/${encodeURIComponent(id)}`;

const segment =
  'inline-flex h-8 cursor-pointer items-center justify-center rounded-lg px-2.5 text-xs font-medium text-muted transition hover:text-fg focus-visible:outline-2 focus-visible:outline-accent data-[state=checked]:bg-bg data-[state=checked]:text-fg data-[state=checked]:shadow-sm';
const select = 'h-8 rounded-lg border border-border bg-bg px-2 text-sm text-fg focus:outline-2 focus:outline-accent';

/** Why a photo cannot be used, checked before uploading (the server checks the same by content). */
function localRefusal(file: File): TattooPhotoRefusal | null {
  if (file.size === 0) return 'empty';
  if (file.size > TATTOO_PHOTO_MAX_BYTES) return 'tooLarge';
  const name = file.name.toLowerCase();
  const typed = (TATTOO_PHOTO_TYPES as readonly string[]).includes(file.type);
  const named = TATTOO_PHOTO_EXTENSIONS.some((ext) => name.endsWith(ext));
  return typed || named ? null : 'unsupportedType';
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

/**
 * Where on the photo the tattoo goes: a box over the photo that a drag moves (mouse or finger),
 * arrow keys move and +/- (or the size slider) resize. Fractions of the photo's size.
 */
function AreaPicker({
  photoId,
  area,
  onChange,
}: {
  photoId: string;
  area: TattooArea;
  onChange: (a: TattooArea) => void;
}) {
  const { t } = useTranslation('tattoo-generator');
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ dx: number; dy: number } | null>(null);
  const sizeId = useId();
  const place = (x: number, y: number, size = area.width) => {
    const width = clamp(size, 0.1, 1);
    const height = clamp(size, 0.1, 1);
    onChange({ x: clamp(x, 0, 1 - width), y: clamp(y, 0, 1 - height), width, height });
  };
  const pointAt = (e: PointerEvent) => {
    const box = frame.current?.getBoundingClientRect();
    if (!box) return null;
    return { x: (e.clientX - box.left) / box.width, y: (e.clientY - box.top) / box.height };
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.shiftKey ? 0.1 : 0.02;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      place(area.x + move[0], area.y + move[1]);
    } else if (e.key === '+' || e.key === '=' || e.key === '-') {
      e.preventDefault();
      const size = clamp(area.width + (e.key === '-' ? -0.05 : 0.05), 0.1, 1);
      const grow = (size - area.width) / 2;
      place(area.x - grow, area.y - grow, size);
    }
  };
  return (
    <div className="flex items-center gap-3">
      <div
        ref={frame}
        className="relative h-32 shrink-0 touch-none overflow-hidden rounded-lg bg-surface-2 select-none"
        data-testid="tattoo-area"
        onPointerDown={(e) => {
          const at = pointAt(e);
          if (!at) return;
          const inside =
            at.x >= area.x && at.x <= area.x + area.width && at.y >= area.y && at.y <= area.y + area.height;
          drag.current = inside
            ? { dx: at.x - area.x, dy: at.y - area.y }
            : { dx: area.width / 2, dy: area.height / 2 };
          e.currentTarget.setPointerCapture(e.pointerId);
          place(at.x - drag.current.dx, at.y - drag.current.dy);
        }}
        onPointerMove={(e) => {
          const at = pointAt(e);
          if (drag.current && at) place(at.x - drag.current.dx, at.y - drag.current.dy);
        }}
        onPointerUp={() => {
          drag.current = null;
        }}
      >
        <img
          src={photoUrl(photoId)}
          alt={t('photo.alt')}
          className="h-32 w-auto max-w-[60vw] object-contain"
          draggable={false}
        />
        <button
          type="button"
          aria-roledescription={t('area.role')}
          aria-label={t('area.label')}
          aria-describedby={`${sizeId}-help`}
          onKeyDown={onKeyDown}
          className="absolute cursor-move rounded-[50%] border-2 border-dashed border-white bg-accent/25 shadow-[0_0_0_1px_rgba(0,0,0,0.4)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
          style={{
            left: `${area.x * 100}%`,
            top: `${area.y * 100}%`,
            width: `${area.width * 100}%`,
            height: `${area.height * 100}%`,
          }}
          data-testid="tattoo-area-box"
        />
      </div>
      <div className="flex min-w-0 flex-col gap-1 text-xs text-muted">
        <p id={`${sizeId}-help`}>{t('area.help')}</p>
        <label htmlFor={sizeId}>{t('area.size')}</label>
        <input
          id={sizeId}
          type="range"
          min={10}
          max={100}
          value={Math.round(area.width * 100)}
          onChange={(e) => {
            const size = Number(e.target.value) / 100;
            const grow = (size - area.width) / 2;
            place(area.x - grow, area.y - grow, size);
          }}
          className="w-32 accent-[var(--color-accent)]"
          data-testid="tattoo-area-size"
        />
      </div>
    </div>
  );
}

/**
 * The tattoo generator's options above the message box (the message is the description): style,
 * placement, black and grey or colour, and an optional photo of the spot with where the tattoo goes.
 */
export function TattooOptions() {
  const { t } = useTranslation('tattoo-generator');
  const dispatch = useAppDispatch();
  const options = useAppSelector(selectTattooOptions);
  const [upload, { isLoading }] = useUploadTattooPhotoMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { style: useId(), placement: useId(), error: useId() };
  const set = (input: Partial<Record<keyof TattooGeneratorInput, unknown>>) =>
    dispatch(toolInputChanged({ toolId: TOOL, input }));

  async function choose(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    const refused = localRefusal(file);
    if (refused) {
      setProblem(t(`photo.refused.${refused}`));
      return;
    }
    try {
      const photo = await upload(file).unwrap();
      set({ photoId: photo.id, area: DEFAULT_TATTOO_AREA });
    } catch (error) {
      const reason = (error as { data?: { error?: { details?: { reason?: unknown } } } }).data?.error?.details?.reason;
      const known = (TATTOO_PHOTO_REFUSALS as readonly unknown[]).includes(reason);
      const message = known ? t(`photo.refused.${reason as TattooPhotoRefusal}`) : apiErrorMessage(error, t);
      setProblem(message);
      if (!known) toast.error(message);
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  return (
    <fieldset className="mx-auto flex w-full max-w-3xl flex-col gap-2 px-3 pb-2 sm:px-4" data-testid="tattoo-options">
      <legend className="sr-only">{t('options.label')}</legend>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <label className="flex items-center gap-2 text-xs text-muted" htmlFor={ids.style}>
          {t('options.style')}
          <select
            id={ids.style}
            value={options.style ?? ''}
            onChange={(e) => set({ style: e.target.value || undefined })}
            className={select}
            data-testid="tattoo-style"
          >
            <option value="">{t('options.anyStyle')}</option>
            {TATTOO_STYLES.map((style) => (
              <option key={style} value={style}>
                {t(`styles.${style}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-xs text-muted" htmlFor={ids.placement}>
          {t('options.placement')}
          <select
            id={ids.placement}
            value={options.placement ?? ''}
            onChange={(e) => set({ placement: e.target.value || undefined })}
            className={select}
            data-testid="tattoo-placement"
          >
            <option value="">{t('options.anyPlacement')}</option>
            {TATTOO_PLACEMENTS.map((placement) => (
              <option key={placement} value={placement}>
                {t(`placements.${placement}`)}
              </option>
            ))}
          </select>
        </label>
        <RadioGroup.Root
          value={options.colour}
          onValueChange={(value) => set({ colour: value })}
          aria-label={t('options.colour')}
          orientation="horizontal"
          className="flex gap-1 rounded-xl bg-surface-2 p-1"
        >
          {TATTOO_COLOURS.map((colour) => (
            <RadioGroup.Item key={colour} value={colour} className={segment} data-testid={`tattoo-colour-${colour}`}>
              {t(`colours.${colour}`)}
            </RadioGroup.Item>
          ))}
        </RadioGroup.Root>
        {options.photoId ? null : (
          <button
            type="button"
            onClick={() => fileInput.current?.click()}
            disabled={isLoading}
            className={buttonClass('secondary', 'sm')}
            aria-describedby={problem ? ids.error : undefined}
            data-testid="tattoo-photo-add"
          >
            {isLoading ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            ) : (
              <Camera className="h-4 w-4" aria-hidden="true" />
            )}
            {isLoading ? t('photo.uploading') : t('photo.add')}
          </button>
        )}
        <input
          ref={fileInput}
          type="file"
          accept={[...TATTOO_PHOTO_TYPES, ...TATTOO_PHOTO_EXTENSIONS].join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => void choose(e.target.files?.[0])}
          data-testid="tattoo-photo-input"
        />
      </div>
      {problem ? (
        <p id={ids.error} role="alert" className="text-sm text-danger" data-testid="tattoo-photo-error">
          {problem}
        </p>
      ) : null}
      {options.photoId ? (
        <div className="flex items-start gap-2" data-testid="tattoo-photo">
          <AreaPicker
            photoId={options.photoId}
            area={options.area ?? DEFAULT_TATTOO_AREA}
            onChange={(area) => set({ area })}
          />
          <button
            type="button"
            onClick={() => set({ photoId: undefined, area: undefined })}
            className={cn(buttonClass('ghost', 'sm'), 'text-muted')}
            data-testid="tattoo-photo-remove"
          >
            <X className="h-4 w-4" aria-hidden="true" />
            {t('photo.remove')}
          </button>
        </div>
      ) : (
        <p className="text-xs text-muted">{t('photo.hint')}</p>
      )}
    </fieldset>
  );
}
