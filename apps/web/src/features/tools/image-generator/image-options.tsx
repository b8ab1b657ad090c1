import {
  IMAGE_ASPECT_RATIOS,
  IMAGE_MAX_COUNT,
  IMAGE_STYLES,
  type ImageAspectRatio,
  type ImageGeneratorInput,
  imageGeneratorInputSchema,
} from '@polymath/shared';
import { RadioGroup } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { toolInputChanged } from '../../../lib/store/chat-slice.ts';
import { type RootState, useAppDispatch, useAppSelector } from '../../../lib/store/store.ts';

/** The image generator's choices as stored (anything no longer valid is dropped). */
export function selectImageOptions(state: RootState): ImageGeneratorInput {
  const parsed = imageGeneratorInputSchema.safeParse(state.chat.toolInputs?.['image-generator'] ?? {});
  return parsed.success ? parsed.data : {};
}

/** A small outline in the ratio's shape, so the choice reads at a glance. */
function RatioShape({ ratio }: { ratio: ImageAspectRatio }) {
  const [w = 1, h = 1] = ratio.split(':').map(Number);
  const scale = 14 / Math.max(w, h);
  return (
    <span
      aria-hidden="true"
      className="inline-block rounded-[3px] border-2 border-current"
      style={{ width: `${Math.round(w * scale)}px`, height: `${Math.round(h * scale)}px` }}
    />
  );
}

const segment =
  'inline-flex h-8 min-w-8 cursor-pointer items-center justify-center gap-1.5 rounded-lg px-2 text-xs font-medium text-muted transition hover:text-fg focus-visible:outline-2 focus-visible:outline-accent data-[state=checked]:bg-bg data-[state=checked]:text-fg data-[state=checked]:shadow-sm';

/**
 * The image generator's options above the message box: shape, style and how many images. They are
 * kept with the tool (and the thread) and sent with each message; the model follows them unless
 * the message asks for something else.
 */
export function ImageOptions() {
  const { t } = useTranslation('tools');
  const dispatch = useAppDispatch();
  const options = useAppSelector(selectImageOptions);
  const set = (input: Partial<ImageGeneratorInput>) => dispatch(toolInputChanged({ toolId: 'image-generator', input }));
  const ratio = options.aspectRatio ?? '1:1';
  // "Square (1:1)": the ratio's ":" would otherwise be read as i18next's namespace separator ("1 (1:1)").
  const ratioName = (value: ImageAspectRatio) =>
    `${t(`imageGenerator.options.ratios.${value}`, { nsSeparator: false })} (${value})`;
  const count = options.count ?? 1;
  return (
    <fieldset
      className="mx-auto flex w-full max-w-3xl flex-wrap items-center gap-x-4 gap-y-2 px-3 pb-2 sm:px-4"
      data-testid="image-options"
    >
      <legend className="sr-only">{t('imageGenerator.options.label')}</legend>
      <RadioGroup.Root
        value={ratio}
        onValueChange={(value) => set({ aspectRatio: value as ImageAspectRatio })}
        aria-label={t('imageGenerator.options.shape')}
        orientation="horizontal"
        className="flex gap-1 rounded-xl bg-surface-2 p-1"
      >
        {IMAGE_ASPECT_RATIOS.map((value) => (
          <RadioGroup.Item
            key={value}
            value={value}
            title={ratioName(value)}
            aria-label={ratioName(value)}
            data-testid={`image-ratio-${value}`}
            className={segment}
          >
            <RatioShape ratio={value} />
            <span className="hidden sm:inline" aria-hidden="true">
              {value}
            </span>
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      <label className="flex items-center gap-2 text-xs text-muted">
        {t('imageGenerator.options.style')}
        <select
          value={options.style ?? ''}
          onChange={(e) => set({ style: (e.target.value || undefined) as ImageGeneratorInput['style'] })}
          data-testid="image-style"
          className="h-8 rounded-lg border border-border bg-bg px-2 text-sm text-fg focus:outline-2 focus:outline-accent"
        >
          <option value="">{t('imageGenerator.options.anyStyle')}</option>
          {IMAGE_STYLES.map((style) => (
            <option key={style} value={style}>
              {t(`imageGenerator.options.styles.${style}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="flex items-center gap-2 text-xs text-muted">
        <span id="image-count-label">{t('imageGenerator.options.count')}</span>
        <RadioGroup.Root
          value={String(count)}
          onValueChange={(value) => set({ count: Number(value) })}
          aria-labelledby="image-count-label"
          orientation="horizontal"
          className="flex gap-1 rounded-xl bg-surface-2 p-1"
        >
          {Array.from({ length: IMAGE_MAX_COUNT }, (_, i) => i + 1).map((n) => (
            <RadioGroup.Item key={n} value={String(n)} data-testid={`image-count-${n}`} className={segment}>
              {n}
            </RadioGroup.Item>
          ))}
        </RadioGroup.Root>
      </div>
    </fieldset>
  );
}
