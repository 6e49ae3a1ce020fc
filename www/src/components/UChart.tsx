// A uPlot chart in a Preact component: sized to its container, created once per `options` and
// updated with `setData` when only its data changes (no new canvas, no new axes). uPlot positions
// points with floats (pixels only); every figure shown in words comes from the caller's exact
// strings (the tooltip and the table), never from these floats.
//
// The chart is created and updated in a layout effect, i.e. in the same task as the render that
// brought the data, so it is drawn in the very next frame.
//
// Benchmark hooks: right after a chart has drawn new data (uPlot's `draw` hook, after every other
// draw hook), `performance.mark('costfolio:chart-drawn')` is set and the container's `data-drawn`
// counts the draws of new data, so a test can wait for the next one. Redraws of the same data
// (resizing, the cursor) count nothing.
import { useLayoutEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** The performance mark set each time a chart has drawn new data. */
export const CHART_DRAWN = 'costfolio:chart-drawn';

export interface UChartProps {
  /** The chart's options at a width. A new function re-creates the chart; keep it stable (memoized). */
  options: (width: number) => uPlot.Options;
  /** New data (a new array) is drawn with `setData` on the existing chart; null: not yet (the box waits, sized). */
  data: uPlot.AlignedData | null;
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
  const dataRef = useRef(data);
  dataRef.current = data;
  /** The data the chart holds. */
  const shown = useRef<uPlot.AlignedData | null>(null);
  /** Set when new data is handed to the chart; cleared by its next draw. */
  const fresh = useRef(false);
  const drawn = useRef(0);
  /** The box's width, observed from its first layout on (so that creating the chart forces no layout). */
  const width = useRef(0);
  const hasData = data != null;

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => {
      const w = Math.max(280, el.clientWidth);
      width.current = w;
      const u = plot.current;
      if (u && Math.abs(w - u.width) > 2) u.setSize({ width: w, height: u.height });
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useLayoutEffect(() => {
    const el = box.current;
    const initial = dataRef.current;
    if (!el || !initial) return;
    const opts = options(width.current || Math.max(280, el.clientWidth));
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
    const drawnHook: uPlot.Plugin = {
      hooks: {
        draw: [
          () => {
            if (!fresh.current) return;
            fresh.current = false;
            drawn.current += 1;
            el.dataset.drawn = String(drawn.current);
            performance.mark(CHART_DRAWN);
          },
        ],
      },
    };
    // Last, so that it runs after the other plugins' draw hooks (markers).
    opts.plugins = [...(opts.plugins ?? []), drawnHook];
    fresh.current = true;
    shown.current = initial;
    const u = new uPlot(opts, initial, el);
    plot.current = u;
    return () => {
      u.destroy();
      plot.current = null;
      shown.current = null;
    };
  }, [options, hasData]);

  useLayoutEffect(() => {
    const u = plot.current;
    if (!u || !data || shown.current === data) return;
    shown.current = data;
    fresh.current = true;
    u.setData(data);
  }, [data]);

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
