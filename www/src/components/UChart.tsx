// A uPlot chart in a Preact component: sized to its container, redrawn when its data changes.
// uPlot positions points with floats (pixels only); every figure shown in words comes from the
// caller's exact strings (the tooltip and the table), never from these floats.
//
// Benchmark hooks: right after a chart has drawn new data (uPlot's `draw` hook, after every other
// draw hook), `performance.mark('costfolio:chart-drawn')` is set and the container's `data-drawn`
// counts the draws of new data, so a test can wait for the next one. Redraws of the same data
// (resizing) count nothing.
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** The performance mark set each time a chart has drawn new data. */
export const CHART_DRAWN = 'costfolio:chart-drawn';

export interface UChartProps {
  options: (width: number) => uPlot.Options;
  data: uPlot.AlignedData;
  label: string;
  onIndex?: (idx: number | null) => void;
  /** Bucket count, for keyboard stepping. */
  length: number;
  selected: number | null;
}

export function UChart({ options, data, label, onIndex, length, selected }: UChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const onIndexRef = useRef(onIndex);
  onIndexRef.current = onIndex;
  const drawn = useRef(0);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const width = Math.max(280, el.clientWidth);
    const opts = options(width);
    opts.hooks = {
      ...opts.hooks,
      setCursor: [
        ...(opts.hooks?.setCursor ?? []),
        (u: uPlot) => {
          const idx = u.cursor.idx;
          if (idx != null) onIndexRef.current?.(idx);
        },
      ],
    };
    let fresh = true;
    const drawnHook: uPlot.Plugin = {
      hooks: {
        draw: [
          () => {
            if (!fresh) return;
            fresh = false;
            drawn.current += 1;
            el.dataset.drawn = String(drawn.current);
            performance.mark(CHART_DRAWN);
          },
        ],
      },
    };
    // Last, so that it runs after the other plugins' draw hooks (markers).
    opts.plugins = [...(opts.plugins ?? []), drawnHook];
    const u = new uPlot(opts, data, el);
    plot.current = u;
    const ro = new ResizeObserver(() => {
      const w = Math.max(280, el.clientWidth);
      if (Math.abs(w - u.width) > 2) u.setSize({ width: w, height: u.height });
    });
    ro.observe(el);
    return () => {
      ro.disconnect();
      u.destroy();
      plot.current = null;
    };
  }, [options, data]);

  const step = (delta: number) => {
    const next = Math.max(0, Math.min(length - 1, (selected ?? (delta > 0 ? -1 : length)) + delta));
    onIndex?.(next);
    const u = plot.current;
    const x = u?.data[0]?.[next];
    if (u && x != null) {
      const left = u.valToPos(x, 'x');
      u.setCursor({ left, top: Math.round(u.bbox.height / (2 * devicePixelRatio)) }, false);
    }
  };

  return (
    <div
      class="chart"
      ref={box}
      data-chart
      role="img"
      aria-label={`${label}. Use the left and right arrow keys to step through the periods; the figures of the selected period are listed below the chart.`}
      tabIndex={0}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') {
          e.preventDefault();
          step(1);
        } else if (e.key === 'ArrowLeft') {
          e.preventDefault();
          step(-1);
        } else if (e.key === 'Home') {
          e.preventDefault();
          step(-length);
        } else if (e.key === 'End') {
          e.preventDefault();
          step(length);
        }
      }}
    />
  );
}
