import { type CSSProperties, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Before and after, one over the other: a range input (keyboard: arrows, Home, End; on a phone: drag
 * anywhere on the picture) moves the line between the photo as it was and the result.
 */
export function BeforeAfter({
  before,
  after,
  alt,
  aspectRatio,
  backdrop,
  initialPosition = 50,
}: {
  before: string;
  after: string;
  alt: string;
  aspectRatio: CSSProperties['aspectRatio'];
  /** Painted behind each picture (a checkerboard for transparent ones, so "after" never shows through "before"). */
  backdrop?: CSSProperties | undefined;
  /** How much of "before" shows at first, in percent from the left (0: only the result). */
  initialPosition?: number;
}) {
  const { t } = useTranslation('images');
  const [position, setPosition] = useState(initialPosition);
  const id = useId();
  return (
    <div
      className="relative w-full touch-pan-y overflow-hidden bg-surface-2 select-none has-[:focus-visible]:outline-2 has-[:focus-visible]:-outline-offset-2 has-[:focus-visible]:outline-accent"
      style={{ aspectRatio }}
      data-testid="before-after"
    >
      <img
        src={after}
        alt={`${t('compare.after')}: ${alt}`}
        className="absolute inset-0 h-full w-full object-cover"
        style={backdrop}
      />
      <img
        src={before}
        alt={t('compare.before')}
        className="absolute inset-0 h-full w-full object-cover"
        style={{ ...backdrop, clipPath: `inset(0 ${100 - position}% 0 0)` }}
        data-testid="before-after-before"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_0_1px_rgba(0,0,0,0.35)]"
        style={{ left: `${position}%` }}
      />
      {/* The handle stays inside the picture at either end. */}
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 flex h-8 w-8 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white text-xs font-bold text-neutral-900 shadow-md"
        style={{ left: `clamp(1rem, ${position}%, calc(100% - 1rem))` }}
      >
        ⇔
      </span>
      <span className="pointer-events-none absolute bottom-2 left-2 rounded-full bg-black/60 px-2 py-0.5 text-xs font-medium text-white">
        {t('compare.before')}
      </span>
      <span className="pointer-events-none absolute right-2 bottom-2 rounded-full bg-black/60 px-2 py-0.5 text-xs font-medium text-white">
        {t('compare.after')}
      </span>
      <label htmlFor={id} className="sr-only">
        {t('compare.slider')}
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        step={1}
        value={position}
        onChange={(e) => setPosition(Number(e.target.value))}
        aria-valuetext={t('compare.value', { before: position, after: 100 - position })}
        className="absolute inset-0 h-full w-full cursor-ew-resize opacity-0"
        data-testid="before-after-slider"
      />
    </div>
  );
}
