import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** Mid-tone colours readable on the light and the dark theme. */
const PALETTE = ['#3b82f6', '#f97316', '#10b981', '#a855f7', '#ef4444', '#eab308', '#06b6d4', '#ec4899'];

export type ChartSeries = { label: string; values: number[] };

/**
 * Lines per day with uPlot (issue 28: a small, well-kept charting library, loaded only on /admin: this
 * module is a lazy chunk of the console). Sized to its box, redrawn when the theme changes; the
 * numbers are also in a table beside it, so the canvas is an image with a label for screen readers.
 */
export default function LineChart({ days, series, label }: { days: string[]; series: ChartSeries[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | undefined;
    const draw = () => {
      plot?.destroy();
      const ink = getComputedStyle(el).color;
      const grid = 'rgba(128,128,128,0.2)';
      const axis = { stroke: ink, grid: { stroke: grid }, ticks: { stroke: grid } };
      plot = new uPlot(
        {
          width: Math.max(280, el.clientWidth),
          height: 240,
          legend: { show: true },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: true } },
          axes: [axis, { ...axis, size: 56 }],
          series: [
            {},
            ...series.map((s, i) => ({
              label: s.label,
              stroke: PALETTE[i % PALETTE.length],
              width: 2,
              points: { show: days.length <= 31 },
            })),
          ],
        },
        [days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000), ...series.map((s) => s.values)],
        el,
      );
    };
    draw();
    const resize = new ResizeObserver(() => plot?.setSize({ width: Math.max(280, el.clientWidth), height: 240 }));
    resize.observe(el);
    const theme = new MutationObserver(draw);
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'data-theme'] });
    return () => {
      resize.disconnect();
      theme.disconnect();
      plot?.destroy();
    };
  }, [days, series]);
  return <div ref={box} role="img" aria-label={label} className="w-full overflow-hidden text-fg text-xs" />;
}
